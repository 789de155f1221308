/**
 * The rejections Mines and Sum Chaser share, worded once (the gateway keeps one text per rejection name, whichever
 * game answers it).
 */
import type { RejectionText } from '../module.ts';

export const CHANCE_REJECTIONS = {
  nothing_to_cash_out: {
    status: 409,
    en: 'Nothing is won yet: you can cash out after your first safe tile or right call',
    am: 'ገና ያሸነፉት ነገር የለም፤ የመጀመሪያውን ደህና ሳጥን ወይም ትክክለኛ ግምት ካገኙ በኋላ ያገኙትን መውሰድ ይችላሉ',
  },
} as const satisfies Record<string, RejectionText>;
