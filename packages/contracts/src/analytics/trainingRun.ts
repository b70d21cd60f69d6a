import { z } from 'zod';

// A model's training run, the churn model's and the NLP model's alike: a file of its own, so that
// the NLP screen does not download the churn and customer contracts with it.
export const trainingStatuses = ['QUEUED', 'RUNNING', 'DONE', 'FAILED'] as const;
export type TrainingStatus = (typeof trainingStatuses)[number];

export const trainingRunSchema = z.object({
  id: z.number().int(),
  status: z.enum(trainingStatuses),
  progress: z.number().int().describe('0–100'),
  stage: z.string().describe('What the job is doing (a message key)'),
  horizonDays: z.number().int(),
  modelId: z.number().int().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type TrainingRun = z.infer<typeof trainingRunSchema>;
