import { describe, expect, it } from 'vitest';
import {
  brokenPasswordRules,
  newPasswordSchema,
  passwordRules,
  PASSWORD_POLICY_MESSAGE_PREFIX,
} from '../../../contract/password-policy';

describe('password rules', () => {
  it('accepts a password meeting every rule', () => {
    expect(brokenPasswordRules('Primavera2026!')).toEqual([]);
    expect(brokenPasswordRules('Èlite-città9Z')).toEqual([]);
    expect(newPasswordSchema.safeParse('Primavera2026!').success).toBe(true);
  });

  it.each([
    ['Pr1mav!', ['min-length']],
    ['primavera2026!', ['uppercase']],
    ['PRIMAVERA2026!', ['lowercase']],
    ['Primavera!!!!', ['digit']],
    ['Primavera2026', ['special']],
    ['Primavera 2026', ['special']],
    [`Aa1!${'x'.repeat(37)}`, ['max-length']],
    ['', ['min-length', 'uppercase', 'lowercase', 'digit', 'special']],
  ])('%j breaks %j', (password, broken) => {
    expect(brokenPasswordRules(password)).toEqual(broken);
  });

  it('allows exactly 10 and 40 characters', () => {
    expect(brokenPasswordRules('Abcdefg1!x')).toEqual([]);
    expect(brokenPasswordRules(`Aa1!${'x'.repeat(36)}`)).toEqual([]);
  });

  it('names every broken rule in the schema message, in rule order', () => {
    const result = newPasswordSchema.safeParse('abc');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(
      `${PASSWORD_POLICY_MESSAGE_PREFIX}min-length, uppercase, digit, special`,
    );
  });

  it('has unique rule ids', () => {
    const ids = passwordRules.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
