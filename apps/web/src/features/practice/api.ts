import {
  type PracticeInvitation,
  type PracticePolicy,
  type PracticePolicyChange,
  type PracticeRole,
  practiceRoleOf,
} from '@vatwise/domain';
import { api } from '../../shared/api/base-api';

/** A practice the user belongs to (better-auth's organization, as GET /organization/list gives it). */
export interface PracticeListItem {
  id: string;
  name: string;
  slug: string;
}

export interface PracticeMember {
  id: string;
  userId: string;
  role: PracticeRole;
  name: string;
  email: string;
}

export interface PendingInvitation {
  id: string;
  email: string;
  role: PracticeRole;
  expiresAt: string;
}

/** The active practice with its members and the invitations still waiting for an answer. */
export interface ActivePractice {
  id: string;
  name: string;
  members: PracticeMember[];
  invitations: PendingInvitation[];
}

/** better-auth's answer to GET /organization/get-full-organization (the fields this screen reads). */
interface FullOrganization {
  id: string;
  name: string;
  members: { id: string; userId: string; role: string; user: { name: string | null; email: string } }[];
  invitations: { id: string; email: string; role: string | null; status: string; expiresAt: string }[];
}

/** An invitation's id and its sender's token, as the link gives them. */
export interface InvitationLink {
  invitation: string;
  token: string;
}

/** The header the server reads an invitation link's token from (features/auth/invitation-links.ts). */
const invitationTokenHeader = 'x-invitation-token';

/** Accepting answers with the invitation and the new membership, both naming the practice. */
export interface AcceptedInvitation {
  invitation: { id: string; organizationId: string };
  member: { id: string; organizationId: string };
}

export type AssignableRole = Exclude<PracticeRole, 'owner'>;

const tag = (id: 'list' | 'active' | 'policy' | 'mine') => ({ type: 'Practice' as const, id });

/**
 * A practice and its people: better-auth's organization endpoints (/api/auth/organization/*),
 * and VAT Wise's own policy and "invitations for me" (/api/practice/*).
 */
export const practiceApi = api.injectEndpoints({
  endpoints: (build) => ({
    practices: build.query<PracticeListItem[], void>({
      query: () => '/api/auth/organization/list',
      transformResponse: (body: PracticeListItem[] | null) =>
        (body ?? []).map(({ id, name, slug }) => ({ id, name, slug })),
      providesTags: [tag('list')],
    }),
    activePractice: build.query<ActivePractice | null, void>({
      query: () => '/api/auth/organization/get-full-organization',
      transformResponse: (body: FullOrganization | null) => (body ? toActivePractice(body) : null),
      providesTags: [tag('active')],
    }),
    policy: build.query<PracticePolicy, void>({
      query: () => '/api/practice/policy',
      providesTags: [tag('policy')],
    }),
    /** Changes the rules sent; the server answers with the whole policy. */
    setPolicy: build.mutation<PracticePolicy, PracticePolicyChange>({
      query: (body) => ({ url: '/api/practice/policy', method: 'PUT', body }),
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(practiceApi.util.upsertQueryData('policy', undefined, data));
        } catch {
          // Shown where the mutation was called.
        }
      },
    }),
    /** With the sender's link (`?invitation=…&token=…`), its invitation shows to an address not yet verified. */
    invitationsForMe: build.query<PracticeInvitation[], InvitationLink | void>({
      query: (link) => ({ url: '/api/practice/invitations', ...(link ? { params: link } : {}) }),
      transformResponse: (body: { invitations: PracticeInvitation[] }) => body.invitations,
      providesTags: [tag('mine')],
    }),
    createPractice: build.mutation<PracticeListItem, { name: string; slug: string }>({
      query: (body) => ({ url: '/api/auth/organization/create', method: 'POST', body }),
    }),
    /** null: work on one's own businesses again. */
    setActivePractice: build.mutation<unknown, { organizationId: string | null }>({
      query: (body) => ({ url: '/api/auth/organization/set-active', method: 'POST', body }),
    }),
    acceptInvitation: build.mutation<AcceptedInvitation, { invitationId: string; token?: string }>({
      query: ({ invitationId, token }) => ({
        url: '/api/auth/organization/accept-invitation',
        method: 'POST',
        body: { invitationId },
        ...(token ? { headers: { [invitationTokenHeader]: token } } : {}),
      }),
      // Answered or not (expired, another address), the lists are read again.
      invalidatesTags: [tag('mine'), tag('list')],
    }),
    rejectInvitation: build.mutation<unknown, { invitationId: string; token?: string }>({
      query: ({ invitationId, token }) => ({
        url: '/api/auth/organization/reject-invitation',
        method: 'POST',
        body: { invitationId },
        ...(token ? { headers: { [invitationTokenHeader]: token } } : {}),
      }),
      invalidatesTags: [tag('mine')],
    }),
    inviteMember: build.mutation<unknown, { email: string; role: AssignableRole }>({
      query: (body) => ({ url: '/api/auth/organization/invite-member', method: 'POST', body }),
      invalidatesTags: [tag('active')],
    }),
    /** The link an owner or admin hands to the invited person (it works before their address is verified). */
    invitationLink: build.mutation<{ url: string }, { invitationId: string }>({
      query: ({ invitationId }) => `/api/practice/invitations/${encodeURIComponent(invitationId)}/link`,
    }),
    cancelInvitation: build.mutation<unknown, { invitationId: string }>({
      query: (body) => ({ url: '/api/auth/organization/cancel-invitation', method: 'POST', body }),
      invalidatesTags: [tag('active')],
    }),
    updateMemberRole: build.mutation<unknown, { memberId: string; role: AssignableRole }>({
      query: (body) => ({ url: '/api/auth/organization/update-member-role', method: 'POST', body }),
      invalidatesTags: [tag('active')],
    }),
    removeMember: build.mutation<unknown, { memberIdOrEmail: string }>({
      query: (body) => ({ url: '/api/auth/organization/remove-member', method: 'POST', body }),
      invalidatesTags: [tag('active')],
    }),
    leavePractice: build.mutation<unknown, { organizationId: string }>({
      query: (body) => ({ url: '/api/auth/organization/leave', method: 'POST', body }),
    }),
  }),
});

/**
 * better-auth's organization in this screen's terms: each member's strongest role of ours (it
 * stores a comma-separated list), and only the invitations still waiting and not yet expired.
 */
function toActivePractice(body: FullOrganization): ActivePractice {
  const now = Date.now();
  return {
    id: body.id,
    name: body.name,
    members: body.members.map((member) => ({
      id: member.id,
      userId: member.userId,
      role: practiceRoleOf(member.role) ?? 'preparer',
      name: member.user.name ?? '',
      email: member.user.email,
    })),
    invitations: body.invitations
      .filter((invitation) => invitation.status === 'pending' && new Date(invitation.expiresAt).getTime() > now)
      .map((invitation) => ({
        id: invitation.id,
        email: invitation.email,
        role: practiceRoleOf(invitation.role ?? '') ?? 'preparer',
        expiresAt: invitation.expiresAt,
      })),
  };
}
