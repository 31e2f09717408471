import { z } from 'zod';

/**
 * What a contributor declares of AI's part in a pull request they stake on (decision 015): shown
 * on the maintainer's card; a repository's policy may refuse 'generated'. Apart from the stake's
 * input (contributor.ts) because the maintainer's pull request (maintainer.ts) shows it too, and
 * contributor.ts already imports maintainer.ts.
 */
export const AI_ASSISTANCE = ['none', 'assisted', 'generated'] as const;
export const aiAssistanceSchema = z.enum(AI_ASSISTANCE, {
  message: 'AI assistance is one of none, assisted or generated',
});
export type AiAssistance = z.infer<typeof aiAssistanceSchema>;
