import { describe, expect, it } from 'vitest';
import { canRequestRestore, canSeeManagement, isAdmin, roleLabel } from '@/domain/roles';

describe('roles', () => {
  it('labels the three roles as docs/product.md names them', () => {
    expect(roleLabel('ADMIN')).toBe('Admin');
    expect(roleLabel('USER_RANA')).toBe('User Rana');
    expect(roleLabel('USER_STORICO')).toBe('User Storico');
  });

  it('opens Gestione to ADMIN and the product role, restores to USER_RANA only', () => {
    expect(canSeeManagement('ADMIN')).toBe(true);
    expect(canSeeManagement('USER_STORICO')).toBe(true);
    expect(canSeeManagement('USER_RANA')).toBe(false);
    expect(isAdmin('USER_STORICO')).toBe(false);
    expect(canRequestRestore('USER_RANA')).toBe(true);
    expect(canRequestRestore('ADMIN')).toBe(false);
  });
});
