import { describe, expect, it } from 'vitest';
import { resetPendingInvitations, setPendingInvitations, usePendingInvitations } from './invitations-store.ts';
import { renderHook, act } from '@testing-library/react';

describe('pending invitations count', () => {
  it('keeps the newest versioned count and accepts unversioned reads', () => {
    resetPendingInvitations();
    const { result } = renderHook(() => usePendingInvitations());
    act(() => setPendingInvitations(2, 10));
    expect(result.current).toBe(2);
    act(() => setPendingInvitations(5, 9));
    expect(result.current).toBe(2);
    act(() => setPendingInvitations(1));
    expect(result.current).toBe(1);
    act(() => resetPendingInvitations());
    expect(result.current).toBe(0);
  });
});
