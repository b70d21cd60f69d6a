/** The challenges area's public face: what other areas, the app and the demo data may use. */
export { customerChallenges, joinChallenge } from './challenges.service.ts';
