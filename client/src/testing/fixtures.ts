import type { User } from '../lib/auth/user.ts';

export function aUser(overrides: Partial<User> = {}): User {
  return {
    id: 'u-1',
    name: 'Brave Lion 12',
    username: null,
    email: null,
    phone: '+251911223344',
    avatar: null,
    tokens: 100,
    can_claim_daily_bonus: true,
    language: 'en',
    created_at: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}
