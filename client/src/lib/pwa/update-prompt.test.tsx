import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Toaster } from 'sonner';
import { i18n } from '../i18n.ts';
import { promptToUpdate } from './update-prompt.ts';

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

describe('the update prompt', () => {
  it('says a new version is ready and installs it only when the player accepts', async () => {
    render(<Toaster />);
    const applyUpdate = vi.fn();
    act(() => promptToUpdate(applyUpdate));

    expect(await screen.findByText('A new version of Qal is available')).toBeTruthy();
    expect(applyUpdate).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(applyUpdate).toHaveBeenCalledOnce();
  });

  it('speaks Amharic on the Amharic site', async () => {
    await i18n.changeLanguage('am');
    render(<Toaster />);
    const applyUpdate = vi.fn();
    act(() => promptToUpdate(applyUpdate));

    expect(await screen.findByText('አዲስ የቃል ስሪት ተዘጋጅቷል')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'ያድሱ' }));
    expect(applyUpdate).toHaveBeenCalledOnce();
  });

  it('stays until it is answered', () => {
    const show = vi.fn();
    promptToUpdate(() => {}, show);
    expect(show).toHaveBeenCalledWith('A new version of Qal is available', expect.objectContaining({ duration: Infinity }));
  });
});
