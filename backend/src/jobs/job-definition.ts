import type { z } from 'zod';

/** A kind of background job: its queue name, payload schema and retry policy, kept together. */
export interface JobDefinition<P> {
  name: string;
  payload: z.ZodType<P>;
  retryLimit: number;
  /** Seconds before the first retry; doubled each time (with jitter). */
  retryDelaySeconds: number;
  /** Longest a single attempt may run. */
  expireInSeconds: number;
}

/** One attempt of a job as a handler sees it. */
export interface JobAttempt<P> {
  id: string;
  data: P;
  /** 0 on the first attempt. */
  retryCount: number;
  retryLimit: number;
  signal: AbortSignal;
}

export type JobHandler<P> = (job: JobAttempt<P>) => Promise<void>;
