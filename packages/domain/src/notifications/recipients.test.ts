import { describe, expect, it } from 'vitest';
import { defaultChannels, type NotificationKind } from './kinds';
import { recipientsOf, type WorkspacePerson } from './recipients';

const practice: WorkspacePerson[] = [
  { userId: 'owner', role: 'owner' },
  { userId: 'admin', role: 'admin' },
  { userId: 'preparer', role: 'preparer' },
  { userId: 'reviewer', role: 'reviewer' },
];

describe('who is told of what', () => {
  it.each<[NotificationKind, string, string[]]>([
    // Ready for review: those who may approve, never the one who marked it.
    ['marked_ready', 'preparer', ['owner', 'admin', 'reviewer']],
    ['marked_ready', 'reviewer', ['owner', 'admin']],
    ['marked_ready', 'owner', ['admin', 'reviewer']],
    // Approved or sent back: everyone else, the preparer above all.
    ['approved', 'reviewer', ['owner', 'admin', 'preparer']],
    ['reopened', 'admin', ['owner', 'preparer', 'reviewer']],
    // What a client or HMRC did, and the deadlines: the whole practice.
    ['client_approved', '', ['owner', 'admin', 'preparer', 'reviewer']],
    ['client_queried', '', ['owner', 'admin', 'preparer', 'reviewer']],
    ['client_accepted', '', ['owner', 'admin', 'preparer', 'reviewer']],
    ['client_declined', '', ['owner', 'admin', 'preparer', 'reviewer']],
    ['client_expired', '', ['owner', 'admin', 'preparer', 'reviewer']],
    ['authority_ended', 'owner', ['admin', 'preparer', 'reviewer']],
    ['due_soon', '', ['owner', 'admin', 'preparer', 'reviewer']],
    ['overdue', '', ['owner', 'admin', 'preparer', 'reviewer']],
  ])('%s done by "%s" tells %j', (kind, actor, told) => {
    expect(recipientsOf(kind, actor, practice)).toEqual(told);
  });

  it('tells someone working alone of what they did not do themselves, and nothing they did', () => {
    const alone = [{ userId: 'sole', role: null }];
    expect(recipientsOf('overdue', '', alone)).toEqual(['sole']);
    expect(recipientsOf('client_accepted', '', alone)).toEqual(['sole']);
    expect(recipientsOf('marked_ready', 'sole', alone)).toEqual([]);
  });
});

describe('what a person is told unless they choose otherwise', () => {
  it.each<[NotificationKind, boolean]>([
    ['marked_ready', true],
    ['approved', false],
    ['reopened', true],
    ['client_approved', false],
    ['client_queried', true],
    ['client_accepted', false],
    ['client_declined', true],
    ['client_expired', false],
    ['authority_ended', true],
    ['due_soon', false],
    ['overdue', true],
  ])('%s: in the app always, by e-mail %s', (kind, email) => {
    expect(defaultChannels(kind)).toEqual({ inApp: true, email });
  });
});
