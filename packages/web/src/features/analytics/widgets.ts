/**
 * What other areas may embed of analytics — its only surface outside the area (see
 * architecture.test.ts): the churn-risk card of customer/info, and the category suggestion of
 * the messaging queue and conversation.
 */
export { CustomerChurnCard } from './churn/CustomerChurnCard.tsx';
export { SuggestedCategory, useMessageInsights } from './nlp/SuggestedCategory.tsx';
