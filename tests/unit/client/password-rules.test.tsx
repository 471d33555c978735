import { cleanup, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { passwordRules } from '@contract/password-policy';
import { PasswordRules } from '@/components/password-rules';
import { newPasswordField, passwordsMatch } from '@/lib/password-schema';
import { z } from 'zod';

const texts = {
  'min-length': 'La password deve essere almeno di 10 caratteri.',
  'max-length': 'La password può avere al massimo 40 caratteri.',
  uppercase: 'Una lettera in maiuscolo',
  lowercase: 'Una lettera in minuscolo',
  digit: 'Un numero',
  special: 'Un carattere speciale (esempio: !,? ecc...)',
};

/** rule id -> met, as the list shows it. */
function shown(password: string): Record<string, boolean> {
  const { unmount } = render(<PasswordRules password={password} />);
  const state = Object.fromEntries(
    Array.from(document.querySelectorAll('li[data-rule]')).map((li) => [
      li.getAttribute('data-rule'),
      li.getAttribute('data-met') === 'true',
    ]),
  );
  unmount();
  return state;
}

describe('the password rules list', () => {
  it('shows one Italian line for every rule of the contract', () => {
    render(<PasswordRules password="" />);
    expect(passwordRules.map((rule) => rule.id).sort()).toEqual(Object.keys(texts).sort());
    for (const text of Object.values(texts)) expect(screen.getByText(text)).toBeInTheDocument();
  });

  it('ticks off the rules a password meets and says so to screen readers', () => {
    // An empty field meets no rule, not even the maximum length.
    expect(shown('')).toEqual({
      'min-length': false,
      'max-length': false,
      uppercase: false,
      lowercase: false,
      digit: false,
      special: false,
    });
    // ... nor breaks one: while nothing is typed every rule is unchecked, neither ticked nor crossed.
    render(<PasswordRules password="" />);
    for (const rule of ['max-length', 'min-length'] as const) {
      const line = screen.getByText(texts[rule]).parentElement!;
      expect(line).toHaveAttribute('data-state', 'unchecked');
      expect(line).not.toHaveTextContent('requisito');
      expect(line.querySelector('svg')).not.toHaveClass('lucide-x');
    }
    cleanup();
    render(<PasswordRules password="a" />);
    const minLength = screen.getByText(texts['min-length']).parentElement!;
    expect(minLength).toHaveTextContent('(requisito non soddisfatto)');
    expect(minLength.querySelector('svg')).toHaveClass('lucide-x');
    cleanup();
    expect(shown('abcdefghij')).toMatchObject({ 'min-length': true, lowercase: true, uppercase: false });
    expect(shown('Abcdefgh1!')).toEqual({
      'min-length': true,
      'max-length': true,
      uppercase: true,
      lowercase: true,
      digit: true,
      special: true,
    });
    expect(shown(`Aa1!${'x'.repeat(40)}`)).toMatchObject({ 'max-length': false });
    render(<PasswordRules password="A" />);
    expect(screen.getByText(texts.uppercase).parentElement).toHaveTextContent('(requisito soddisfatto)');
    expect(screen.getByText(texts.digit).parentElement).toHaveTextContent('(requisito non soddisfatto)');
  });
});

describe('the new-password form rules', () => {
  const schema = z
    .object({ password: newPasswordField, confirm: z.string() })
    .superRefine(passwordsMatch('password', 'confirm'));
  const messages = (password: string, confirm = password) =>
    schema.safeParse({ password, confirm }).error?.issues.map((issue) => issue.message) ?? [];

  it('names every broken rule in Italian', () => {
    expect(messages('abc')).toEqual([texts['min-length'], texts.uppercase, texts.digit, texts.special]);
    expect(messages('ABCDEFGHIJ1!')).toEqual([texts.lowercase]);
  });

  it('accepts a password that meets every rule and is confirmed', () => {
    expect(messages('Abcdefgh1!')).toEqual([]);
  });

  it("says 'Le password non sono uguali' on the confirmation when they differ", () => {
    const result = schema.safeParse({ password: 'Abcdefgh1!', confirm: 'Abcdefgh1?' });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['confirm'], message: 'Le password non sono uguali' }),
    ]);
  });
});
