/** Geo Sprint's question bank (its game module is still to come): every question in English and Amharic, with its source. */
import { z } from 'zod';
export const QUESTION_CATEGORIES = ['ethiopia', 'africa', 'world'] as const;
export const QUESTION_DIFFICULTIES = ['easy', 'medium', 'hard'] as const;
export const Question = z.object({
  id: z.string().regex(/^(et|af|wo)-\d{3}$/), // e.g. af-001
  category: z.enum(QUESTION_CATEGORIES),
  difficulty: z.enum(QUESTION_DIFFICULTIES),
  answer: z.number().int().min(0).max(3), // index into options, same in both languages
  en: z.object({ question: z.string().min(8), options: z.array(z.string().min(1)).length(4), explanation: z.string().min(8) }),
  am: z.object({ question: z.string().min(4), options: z.array(z.string().min(1)).length(4), explanation: z.string().min(4) }),
  source: z.string().min(8), // a reference a reader can check: a URL (prefer en.wikipedia.org/wiki/…, britannica.com, unesco.org, official sites)
});
export type Question = z.infer<typeof Question>;
