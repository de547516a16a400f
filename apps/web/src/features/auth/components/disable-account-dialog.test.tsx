// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DisableAccountDialog } from './disable-account-dialog.tsx';

afterEach(cleanup);

describe('"Disable" an account has no confirmation (issue 40 item 9)', () => {
  it('asks first, saying what it does, and disables only once confirmed', () => {
    const onConfirm = vi.fn();
    render(<DisableAccountDialog username="ada" disabled={false} onConfirm={onConfirm} />);
    fireEvent.click(screen.getByRole('button', { name: 'Disable' }));
    const dialog = screen.getByRole('dialog', { name: 'Disable ada?' });
    expect(dialog.textContent).toContain('signs ada out on every device now');
    expect(onConfirm).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onConfirm).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Disable' }));
    fireEvent.click(screen.getByRole('button', { name: 'Disable and sign ada out' }));
    expect(onConfirm).toHaveBeenCalledOnce();
  });
});
