/** The analytics area's public face: what other areas, the app and the demo data may use. */
export { chooseSentimentModel } from './nlp/sentimentModel.ts';
