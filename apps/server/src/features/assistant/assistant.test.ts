import type { Conversation, StreamEvent } from '@vatwise/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAi, type FakeOpenAi } from '../../test/fake-openai';
import { connectBusiness } from '../../test/hmrc-journey';
import { HttpSession } from '../../test/http-session';
import { registerUser, type SessionClient } from '../../test/session-client';
import { createListeningTestApp, type TestApp } from '../../test/test-app';

/**
 * The assistant's API (docs/reference/product.md §7) over real HTTP: conversations per user, answers streamed
 * from the built-in provider and, through the AI SDK, from a local OpenAI-compatible server.
 */

let server: TestApp & { baseUrl: string };
let fake: FakeOpenAi;
let alice: HttpSession;
let bob: HttpSession;

const apiKey = 'sk-test-never-logged-0123456789';

async function signUp(email: string): Promise<HttpSession> {
  const session = new HttpSession(server.baseUrl);
  const response = await session.post('/api/auth/sign-up/email', {
    name: email,
    email,
    password: 'Correct-Horse-Battery-9',
  });
  expect(response.status).toBe(200);
  return session;
}

async function newConversation(session: HttpSession, llm: string): Promise<Conversation> {
  const response = await session.request('POST', '/taxgpt/api/conversations', undefined, { 'x-llm-selection': llm });
  expect(response.status, response.text).toBe(201);
  return response.json as Conversation;
}

async function ask(
  session: HttpSession,
  conversationId: string,
  llm: string,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  const response = await session.request('POST', `/taxgpt/api/conversations/${conversationId}/messages`, body, {
    'x-llm-selection': llm,
    ...headers,
  });
  const events =
    response.status === 200
      ? response.text
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line) as StreamEvent)
      : [];
  return { response, events, text: events.flatMap((event) => (event.type === 'delta' ? [event.text] : [])).join('') };
}

beforeAll(async () => {
  fake = await startFakeOpenAi();
  server = await createListeningTestApp({
    OPENAI_API_KEY: apiKey,
    OPENAI_BASE_URL: fake.baseUrl,
    OPENAI_COMPATIBLE_BASE_URL: fake.baseUrl,
    OPENAI_COMPATIBLE_MODEL: 'llama-local',
    ASSISTANT_TIMEOUT_MS: '5000',
  });
  alice = await signUp('alice@example.com');
  bob = await signUp('bob@example.com');
});
afterAll(async () => {
  await server.close();
  await fake.close();
});

describe('conversations', () => {
  it('needs a signed-in user: 401 with the product reference’s message', async () => {
    const response = await new HttpSession(server.baseUrl).get('/taxgpt/api/conversations');
    expect(response.status).toBe(401);
    expect(response.json).toMatchObject({ message: 'User is not authenticated. Please log in.' });
  });

  it('creates, answers with the built-in provider and its sources, keeps, lists and deletes a conversation', async () => {
    const conversation = await newConversation(alice, 'Built-in');
    expect(conversation).toMatchObject({ title: 'New chat', llm: 'Built-in', messages: [] });

    const { response, events, text } = await ask(alice, conversation.id, 'Built-in', {
      text: 'What flat rate percentage does an IT consultant use?',
    });
    expect(response.status).toBe(200);
    expect(events.map((event) => event.type)).toEqual(expect.arrayContaining(['start', 'sources', 'delta', 'done']));
    expect(events.filter((event) => event.type === 'delta').length).toBeGreaterThan(3);
    const sources = events.find((event) => event.type === 'sources');
    expect(sources?.type === 'sources' && sources.sources.length).toBeGreaterThan(0);
    expect(sources?.type === 'sources' && sources.sources[0]?.url).toMatch(/^https:\/\//);
    expect(text).toContain('14.5');
    expect(text).toContain('not professional advice');

    const stored = (await alice.get(`/taxgpt/api/conversations/${conversation.id}`)).json as Conversation;
    expect(stored.title).toBe('What flat rate percentage does an IT consultant use?');
    expect(stored.messages.map((message) => `${message.role}:${message.status}`)).toEqual([
      'user:complete',
      'assistant:complete',
    ]);
    expect(stored.messages[1]?.content).toBe(text);

    const list = (await alice.get('/taxgpt/api/conversations')).json as { conversations: { id: string }[] };
    expect(list.conversations.map((item) => item.id)).toContain(conversation.id);
    expect((await alice.request('DELETE', `/taxgpt/api/conversations/${conversation.id}`)).status).toBe(204);
    expect((await alice.get(`/taxgpt/api/conversations/${conversation.id}`)).status).toBe(404);
  });

  it('keeps each user’s conversations to themselves: another user gets 404', async () => {
    const conversation = await newConversation(alice, 'Built-in');
    expect((await bob.get(`/taxgpt/api/conversations/${conversation.id}`)).status).toBe(404);
    expect((await ask(bob, conversation.id, 'Built-in', { text: 'Hello?' })).response.status).toBe(404);
    expect((await bob.request('DELETE', `/taxgpt/api/conversations/${conversation.id}`)).status).toBe(404);
    const bobs = (await bob.get('/taxgpt/api/conversations')).json as { conversations: unknown[] };
    expect(bobs.conversations).toEqual([]);
  });

  it('says plainly when the knowledge base has nothing relevant, and what it does cover', async () => {
    const conversation = await newConversation(alice, 'Built-in');
    const { events, text } = await ask(alice, conversation.id, 'Built-in', { text: 'How do I bake sourdough bread?' });
    expect(text).toContain('could not find anything');
    expect(text).toContain('The guidance covers UK VAT and Making Tax Digital');
    expect(events.find((event) => event.type === 'sources')).toMatchObject({ sources: [] });
  });

  it('answers "When is my VAT return due?" with the deadline first, its only source the deadlines passage', async () => {
    const conversation = await newConversation(alice, 'Built-in');
    const { events, text } = await ask(alice, conversation.id, 'Built-in', { text: 'When is my VAT return due?' });
    expect(text.split('\n\n')[0]).toMatch(
      /due one calendar month and seven days after the end of the VAT period\..*\[1\]$/,
    );
    expect(text).not.toMatch(/penalty point/i);
    const only = [{ n: 1, passageId: 'deadlines-returns-and-payments', title: 'VAT return and payment deadlines' }];
    expect(events.find((event) => event.type === 'sources')).toMatchObject({ sources: only });
    const done = events.find((event) => event.type === 'done');
    expect(done?.type === 'done' && done.answer.sources).toMatchObject(only);
  });

  it('answers a Spanish question in Spanish, and one whose words do not tell in the language the user reads', async () => {
    const conversation = await newConversation(alice, 'Built-in');
    const spanish = await ask(alice, conversation.id, 'Built-in', { text: '¿Cuándo vence mi declaración de IVA?' });
    expect(spanish.text).toMatch(/^La guía de VAT Wise solo está en inglés/);
    expect(spanish.text).toContain('due one calendar month and seven days');
    expect(spanish.text).toContain('VAT Wise ofrece orientación, no asesoramiento profesional.');
    expect(spanish.events.find((event) => event.type === 'sources')).toMatchObject({
      sources: [{ passageId: 'deadlines-returns-and-payments' }],
    });

    const unclear = { text: 'MTD exemption' };
    const shownInSpanish = await ask(alice, conversation.id, 'Built-in', unclear, {
      'accept-language': 'es-ES,es;q=0.9',
    });
    expect(shownInSpanish.text).toContain('VAT Wise ofrece orientación');
    const shownInEnglish = await ask(alice, conversation.id, 'Built-in', unclear, { 'accept-language': 'en-GB' });
    expect(shownInEnglish.text).toContain('VAT Wise gives guidance, not professional advice.');
  });

  it('answers with Built-in and says so when the chosen model is not configured', async () => {
    const conversation = await newConversation(alice, 'Anthropic');
    const { events } = await ask(alice, conversation.id, 'Anthropic', { text: 'When is a quarterly VAT return due?' });
    expect(events.find((event) => event.type === 'notice')).toMatchObject({
      message: expect.stringContaining('Anthropic is not configured'),
    });
    expect(events.find((event) => event.type === 'start')).toMatchObject({ llm: 'Built-in' });
  });

  it('refuses an unknown model selection and an empty question, saying what to fix', async () => {
    const conversation = await newConversation(alice, 'Built-in');
    const unknown = await ask(alice, conversation.id, 'GPT-9', { text: 'Hi' });
    expect(unknown.response.status).toBe(400);
    expect(unknown.response.json).toMatchObject({ message: expect.stringContaining('X-LLM-Selection must be one of') });
    const empty = await ask(alice, conversation.id, 'Built-in', { text: '  ' });
    expect(empty.response.status).toBe(400);
  });
});

describe('language models through the AI SDK (a local OpenAI-compatible server)', () => {
  it('lists which models are configured, without their keys', async () => {
    const response = await new HttpSession(server.baseUrl).get('/taxgpt/api/models');
    expect(response.json).toMatchObject({
      models: [
        { id: 'OpenAI', configured: true, model: 'gpt-4o-mini' },
        { id: 'Anthropic', configured: false, reason: 'ANTHROPIC_API_KEY is not set on the server.' },
        { id: 'OpenAI-compatible', configured: true, model: 'llama-local' },
        { id: 'Built-in', configured: true },
      ],
    });
    expect(response.text).not.toContain(apiKey);
  });

  it('streams an OpenAI answer grounded in the passages, with its citations as sources', async () => {
    fake.reply({ kind: 'text', chunks: ['Box 5 is the difference ', 'between box 3 and box 4 [1].'] });
    const conversation = await newConversation(alice, 'OpenAI');
    const before = fake.requests.length;
    const { events, text } = await ask(alice, conversation.id, 'OpenAI', { text: 'How is box 5 worked out?' });
    expect(text).toBe('Box 5 is the difference between box 3 and box 4 [1].');
    expect(events.filter((event) => event.type === 'delta')).toHaveLength(2);
    const done = events.find((event) => event.type === 'done');
    expect(done?.type === 'done' && done.answer.sources.map((source) => source.n)).toEqual([1]);

    const request = fake.requests[before];
    expect(request?.headers.authorization).toBe(`Bearer ${apiKey}`);
    expect(request?.body.stream).toBe(true);
    const system = (request?.body.messages as { role: string; content: string }[])[0];
    expect(system?.role).toBe('system');
    expect(system?.content).toContain('Cite each passage');
    expect(system?.content).toMatch(/\[1\] .*box/i);
  });

  it('uses an OpenAI-compatible server the same way', async () => {
    fake.reply({ kind: 'text', chunks: ['From the local model.'] });
    const conversation = await newConversation(alice, 'OpenAI-compatible');
    const before = fake.requests.length;
    const { text } = await ask(alice, conversation.id, 'OpenAI-compatible', {
      text: 'What is the VAT registration threshold?',
    });
    expect(text).toBe('From the local model.');
    expect(fake.requests[before]?.body.model).toBe('llama-local');
  });

  it('says what is wrong when the model refuses the key or limits the rate, and keeps the question', async () => {
    const conversation = await newConversation(alice, 'OpenAI');
    fake.reply({
      kind: 'status',
      status: 401,
      body: { error: { message: 'Incorrect API key provided', code: 'invalid_api_key' } },
    });
    const refused = await ask(alice, conversation.id, 'OpenAI', { text: 'What is the standard rate of VAT?' });
    expect(refused.events.at(-1)).toMatchObject({
      type: 'error',
      message: expect.stringContaining('refused VAT Wise’s API key'),
      answer: { status: 'failed' },
    });
    fake.reply({
      kind: 'status',
      status: 429,
      body: { error: { message: 'Rate limit reached' } },
      headers: { 'retry-after': '0' },
    });
    const limited = await ask(alice, conversation.id, 'OpenAI', { text: 'And the reduced rate?' });
    expect(limited.events.at(-1)).toMatchObject({
      type: 'error',
      message: expect.stringContaining('limiting how often'),
    });
    const stored = (await alice.get(`/taxgpt/api/conversations/${conversation.id}`)).json as Conversation;
    expect(stored.messages.filter((message) => message.role === 'user').map((message) => message.content)).toEqual([
      'What is the standard rate of VAT?',
      'And the reduced rate?',
    ]);
  });

  it('keeps what had arrived when the user stops the answer', async () => {
    fake.reply({ kind: 'text', chunks: Array.from({ length: 40 }, (_, index) => `part ${index} `), delayMs: 100 });
    const conversation = await newConversation(alice, 'OpenAI');
    const controller = new AbortController();
    const response = await fetch(`${server.baseUrl}/taxgpt/api/conversations/${conversation.id}/messages`, {
      method: 'POST',
      signal: controller.signal,
      headers: {
        ...alice.headers(),
        'content-type': 'application/json',
        origin: server.baseUrl,
        'x-llm-selection': 'OpenAI',
      },
      body: JSON.stringify({ text: 'Tell me about penalties' }),
    });
    const reader = response.body?.getReader();
    let received = '';
    while (!received.includes('"delta"')) {
      const { value } = (await reader?.read()) ?? {};
      received += new TextDecoder().decode(value);
    }
    controller.abort();
    let stored: Conversation | undefined;
    for (let attempt = 0; attempt < 50; attempt += 1) {
      stored = (await alice.get(`/taxgpt/api/conversations/${conversation.id}`)).json as Conversation;
      if (stored.messages.length === 2) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const answer = stored?.messages[1];
    expect(answer?.status).toBe('stopped');
    expect(answer?.content).toMatch(/^part 0 /);
    expect(answer?.content).not.toContain('part 39');
  });

  it('reads the user’s own data through tools when allowed, and never another user’s business', async () => {
    const session: SessionClient = await registerUser(server.app, 'carol@example.com', 'Carol');
    const business = await connectBusiness(session);
    const carol = new HttpSession(server.baseUrl);
    await carol.post('/api/auth/sign-in/email', { email: 'carol@example.com', password: 'Correct-Horse-Battery-9' });
    const conversation = await newConversation(carol, 'OpenAI');
    fake.reply({ kind: 'toolCall', name: 'openObligations', then: (result) => ['HMRC says: ', result] });
    const { text } = await ask(carol, conversation.id, 'OpenAI', {
      text: 'When is my next return due?',
      useMyData: true,
      vrn: business.vrn,
    });
    expect(text).toMatch(
      /HMRC says: \[\{"start":"\d{4}-\d{2}-\d{2}","end":"\d{4}-\d{2}-\d{2}","due":"\d{4}-\d{2}-\d{2}"/,
    );

    const stranger = await ask(alice, (await newConversation(alice, 'OpenAI')).id, 'OpenAI', {
      text: 'When is my next return due?',
      useMyData: true,
      vrn: business.vrn,
    });
    expect(stranger.response.status).toBe(403);
  });

  it('never writes an API key to the log', () => {
    expect(server.logText()).not.toContain(apiKey);
  });
});
