import { describe, expect, it } from 'vitest';
import { canApproveReturns, canManagePractice, practiceRoles } from './member-roles';
import {
  type PracticeAction,
  practiceActions,
  practiceRoleCan,
  practiceRoleRequiredMessage,
  rolesThatCan,
} from './permissions';

/** The table as docs/practice.md states it: one row per action, the roles that may do it. */
const expected: Record<PracticeAction, string> = {
  //                    owner admin preparer reviewer
  read: '                 Y     Y     Y        Y',
  changeRecords: '        Y     Y     Y        Y',
  addNote: '              Y     Y     Y        Y',
  markReady: '            Y     Y     Y        Y',
  approve: '              Y     Y     -        Y',
  submit: '               Y     Y     Y        Y',
  reopenApproved: '       Y     Y     -        Y',
  connectBusiness: '      Y     Y     Y        -',
  deleteBusiness: '       Y     Y     -        -',
  deleteSandboxUser: '    Y     Y     -        -',
  connectAgentAccount: '  Y     Y     -        -',
  askClients: '           Y     Y     Y        -',
  clearLogs: '            Y     Y     -        -',
  managePractice: '       Y     Y     -        -',
};

describe('the practice permission table', () => {
  it('has a row for every action', () => {
    expect(Object.keys(expected).sort()).toEqual([...practiceActions].sort());
  });

  for (const action of practiceActions) {
    it(`row ${action}`, () => {
      const marks = expected[action].trim().split(/\s+/);
      practiceRoles.forEach((role, index) => {
        expect(practiceRoleCan(role, action), `${role} ${action}`).toBe(marks[index] === 'Y');
      });
      // Working alone, everything in one's own workspace.
      expect(practiceRoleCan(null, action)).toBe(true);
    });
  }

  it('keeps the earlier rules: only owners and admins manage; approving follows canApproveReturns', () => {
    for (const role of practiceRoles) {
      expect(practiceRoleCan(role, 'managePractice')).toBe(canManagePractice(role));
      expect(practiceRoleCan(role, 'approve')).toBe(canApproveReturns(role));
    }
  });

  it('says who may in its refusal', () => {
    expect(rolesThatCan('deleteBusiness')).toEqual(['owner', 'admin']);
    expect(practiceRoleRequiredMessage('deleteBusiness')).toBe(
      'Only the practice’s owner or an admin may delete a business.',
    );
    expect(practiceRoleRequiredMessage('askClients')).toBe(
      'Only the practice’s owner, an admin or a preparer may ask clients for authority.',
    );
  });
});
