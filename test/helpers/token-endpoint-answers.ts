/**
 * What a merchant's token endpoint must answer, checked the same way for every language and framework: the token
 * with `no-store` to the signed-in customer, a JSON 401 to anyone else, and whatever else it answers naming nothing
 * it keeps.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { createSandbox, SANDBOX_MERCHANT, SANDBOX_SUBSCRIPTIONS } from '../../src/sandbox/index.js';
import { verifyStorefrontToken } from '../../src/server/index.js';
import { LEAK_PATTERNS } from '../fixtures/hostile-token-requests.js';

export interface EndpointAnswer {
  status: number;
  /** Header names in lower case. */
  headers: Map<string, string>;
  body: string;
}

/** A fetch answer, read whole. */
export async function readAnswer(response: Response): Promise<EndpointAnswer> {
  return { status: response.status, headers: new Map(response.headers), body: await response.text() };
}

/** The body and headers hold no piece of a secret (the whole of it, or its first 6 characters), no file, path or stack. */
export function assertNothingLeaks(answer: EndpointAnswer, secrets: readonly string[], what = 'the answer'): void {
  const everything = `${[...answer.headers].map(([name, value]) => `${name}: ${value}`).join('\n')}\n${answer.body}`;
  for (const secret of secrets)
    for (const piece of [secret, secret.slice(0, 6)]) assert.ok(!everything.includes(piece), `${what}: a secret shows:\n${everything}`);
  for (const pattern of LEAK_PATTERNS) assert.doesNotMatch(everything, pattern, `${what}: a file, path or stack shows:\n${everything}`);
}

/** A refusal as the widget's `auth-url` reads one: the status, JSON with a `detail`, `no-store`, and nothing leaked. */
export function assertRefusal(answer: EndpointAnswer, status: number, secrets: readonly string[], what = `a ${status}`): void {
  assert.equal(answer.status, status, `${what}: ${answer.status} ${answer.body}`);
  assert.match(answer.headers.get('content-type') ?? '', /^application\/json/, what);
  assert.match(answer.headers.get('cache-control') ?? '', /no-store/, what);
  assert.equal(typeof JSON.parse(answer.body).detail, 'string', `${what}: ${answer.body}`);
  assertNothingLeaks(answer, secrets, what);
}

/** The signed-in customer's token: 200, JSON, `no-store`, signed for `customerId` with the merchant's key. */
export async function assertIssued(
  answer: EndpointAnswer,
  customerId: string,
  merchant: { publicId: string; hashKey: string },
): Promise<void> {
  assert.equal(answer.status, 200, answer.body);
  assert.match(answer.headers.get('content-type') ?? '', /^application\/json/);
  assert.match(answer.headers.get('cache-control') ?? '', /no-store/);
  const verified = await verifyStorefrontToken(answer.body.trim(), { hashKey: merchant.hashKey, merchantPublicId: merchant.publicId });
  assert.ok(verified.valid, `the token verifies: ${JSON.stringify(verified)}`);
  assert.equal(verified.customerId, customerId);
}

/** A framework's token endpoint as a test has it running. */
export interface RunningEndpoint {
  /** The endpoint's answer, asked as the widget's `auth-url` asks, with a session cookie or without one. */
  ask(cookie?: string): Promise<EndpointAnswer>;
  /** The session cookie of the sandbox's customer (`customer`), or of one whose id holds a "|" (`unsignable`). */
  signIn(who: 'customer' | 'unsignable'): Promise<string>;
  /** What the server has logged so far. */
  output(): string;
}

/**
 * The tests of what every token endpoint of the guide does: a 401 to a visitor who is not signed in; the signed-in
 * customer's token, which the sandbox accepts; a JSON 500 naming no secret for a customer id that cannot be signed, with
 * a log line that names the option at fault and holds neither a secret nor the id; and answers again after that.
 */
export function itAnswersAsTheGuideSays(
  endpoint: () => RunningEndpoint,
  { secrets, unsignableId, logLine }: { secrets: readonly string[]; unsignableId: string; logLine: RegExp },
): void {
  const { customerId, id: subscriptionId } = SANDBOX_SUBSCRIPTIONS.eligible;

  it('answers 401 with a JSON detail and no-store when nobody is signed in', async () => {
    assertRefusal(await endpoint().ask(), 401, secrets);
  });

  it('answers the signed-in user a token for their subscription customer id, which the sandbox accepts', async () => {
    const answer = await endpoint().ask(await endpoint().signIn('customer'));
    await assertIssued(answer, customerId, SANDBOX_MERCHANT);
    const sandboxAnswer = await createSandbox().handle(
      new Request(`http://sandbox.test/subscriptions/${subscriptionId}/`, { headers: { authorization: answer.body } }),
    );
    assert.equal(sandboxAnswer.status, 200, await sandboxAnswer.text());
  });

  it('answers a customer id holding "|" with a JSON 500 that names no secret, and logs why without the id', async () => {
    assertRefusal(await endpoint().ask(await endpoint().signIn('unsignable')), 500, secrets);
    assert.match(endpoint().output(), logLine, 'the log names the option at fault');
    for (const secret of [...secrets, unsignableId])
      assert.ok(!endpoint().output().includes(secret), 'the log holds no secret and not the customer id');
  });

  it('still answers a signed-in user afterwards', async () => {
    await assertIssued(await endpoint().ask(await endpoint().signIn('customer')), customerId, SANDBOX_MERCHANT);
  });
}

/** The endpoint's answer, asked as the widget's `auth-url` asks, with a session cookie or without one. */
export async function askAsAuthUrl(url: string, cookie?: string): Promise<EndpointAnswer> {
  return readAnswer(await fetch(url, { headers: { accept: 'application/json', ...(cookie && { cookie }) } }));
}

/**
 * Signs a user in through a test app's own sign-in route, `<origin>/test/sign-in/<id>` (a 204 that sets the session
 * cookie), and returns that cookie as a request sends it back.
 */
export async function signInThroughTestRoute(origin: string, userId: number, cookieName: string): Promise<string> {
  const response = await fetch(`${origin}/test/sign-in/${userId}`);
  assert.equal(response.status, 204, await response.text());
  const cookie = response.headers.getSetCookie().find((line) => line.startsWith(`${cookieName}=`));
  assert.ok(cookie, 'the sign-in sets the session cookie');
  return cookie.split(';')[0]!;
}
