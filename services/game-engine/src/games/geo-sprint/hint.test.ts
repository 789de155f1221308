/** The geo hint (hint.ts): a clue that narrows the four options to two or three, never to the answer alone. */
import { describe, expect, it } from 'vitest';
import { GEO_SPRINT_BANK, type Question } from './bank.ts';
import { fits, hintFor, optionsFitting } from './hint.ts';

const question = (en: string[], am: string[], answer: number, difficulty: Question['difficulty'] = 'hard'): Question => ({
  id: 'et-001',
  category: 'ethiopia',
  difficulty,
  answer,
  en: { question: 'Which one is it?', options: en, explanation: 'Because it is.' },
  am: { question: 'የትኛው ነው?', options: am, explanation: 'ስለሆነ ነው።' },
  source: 'https://example.org/x',
});

describe('the geo hint', () => {
  it('for every question of the bank, in both languages, fits the answer and two or three options in all', () => {
    const bad: string[] = [];
    for (const asked of Object.values(GEO_SPRINT_BANK.questions).flat()) {
      const hints = hintFor(asked);
      for (const language of ['en', 'am'] as const) {
        const hint = hints[language];
        const options = asked[language].options;
        const fitting = optionsFitting(hint, options, language);
        if (!fits(hint, options[asked.answer]!, language) || fitting < 2 || fitting > 3) bad.push(`${asked.id} ${language}`);
        if (hint.kind === 'not' && !options.some((option, index) => option === hint.text && index !== asked.answer)) {
          bad.push(`${asked.id} ${language}: names no wrong option`);
        }
      }
    }
    expect(bad).toEqual([]);
  });

  it('an easy question’s clue leaves three options, a hard one’s two, when a letter can', () => {
    const options = ['Addis Ababa', 'Adama', 'Gondar', 'Hawassa'];
    const amharic = ['አዲስ አበባ', 'አዳማ', 'ጎንደር', 'ሀዋሳ'];
    expect(hintFor(question(options, amharic, 0, 'easy')).en).toEqual({ kind: 'contains', text: 'd' });
    expect(hintFor(question(options, amharic, 0, 'hard')).en).toEqual({ kind: 'starts', text: 'A' });
    expect(hintFor(question(options, amharic, 0, 'hard')).am).toEqual({ kind: 'starts', text: 'አ' });
  });

  it('names a wrong option when no letter narrows the options', () => {
    const years = ['1916', '1941', '1955', '1930'];
    expect(hintFor(question(years, years, 3)).en).toEqual({ kind: 'not', text: '1916' });
  });

  it('matches English letters without case or accents', () => {
    const hint = hintFor(question(['Égypte', 'Eritrea', 'Sudan', 'Libya'], ['ግብፅ', 'ኤርትራ', 'ሱዳን', 'ሊቢያ'], 0)).en;
    expect(hint).toEqual({ kind: 'starts', text: 'E' });
  });

  it('matches Amharic fidel exactly: ባ is not በ', () => {
    const hint = hintFor(question(['Bahir Dar', 'Bedele', 'Gondar', 'Dessie'], ['ባሕር ዳር', 'በደሌ', 'ጎንደር', 'ደሴ'], 0)).am;
    expect(hint).toEqual({ kind: 'contains', text: 'ር' });
    expect(optionsFitting(hint, ['ባሕር ዳር', 'በደሌ', 'ጎንደር', 'ደሴ'], 'am')).toBe(2);
  });
});
