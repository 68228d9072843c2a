import { describe, expect, it, vi } from 'vitest';
import { knownRoles, resolveActiveRole, roleOfPath, rolePath } from './roles';

describe('resolveActiveRole', () => {
  it('keeps the stored role while the user has it', () => {
    expect(resolveActiveRole('Teacher', ['Teacher', 'Admin'])).toBe('Teacher');
  });

  it('chooses the only role by itself', () => {
    expect(resolveActiveRole(null, ['Student'])).toBe('Student');
    expect(resolveActiveRole('Admin', ['Advisor'])).toBe('Advisor');
  });

  it('leaves the choice to a user with several roles, dropping a role they no longer have', () => {
    expect(resolveActiveRole(null, ['Teacher', 'Admin'])).toBeNull();
    expect(resolveActiveRole('Student', ['Teacher', 'Admin'])).toBeNull();
    expect(resolveActiveRole('Nonsense', ['Teacher', 'Admin'])).toBeNull();
  });

  it('has nothing to choose for a user without roles', () => {
    expect(resolveActiveRole('Student', [])).toBeNull();
  });
});

describe('role helpers', () => {
  it('puts each role at its name lowercased', () => {
    expect(rolePath('Admin')).toBe('/admin');
    expect(rolePath('Advisor')).toBe('/advisor');
    expect(roleOfPath('/teacher/class/3')).toBe('Teacher');
    expect(roleOfPath('/privacy-policy')).toBeNull();
  });

  it('orders the known roles and logs unknown ones', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(knownRoles([{ name: 'Admin' }, { name: 'Teacher' }, { name: 'Janitor' }])).toEqual(['Teacher', 'Admin']);
    expect(warn).toHaveBeenCalledOnce();
  });
});
