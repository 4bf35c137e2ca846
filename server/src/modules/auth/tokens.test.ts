import { describe, expect, it } from 'vitest';
import { SignJWT, decodeJwt, jwtVerify } from 'jose';
import { createTokenSigner } from './tokens';

const SECRET = 'unit-test-secret-unit-test-secret-0123456789';
const signer = createTokenSigner(SECRET, 600);
const key = new TextEncoder().encode(SECRET);
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('session tokens', () => {
  it('issues standard HS256 JWTs that a JOSE library accepts, with a numeric exp', async () => {
    const issued = await signer.issue(42, 'citizen');
    const { payload, protectedHeader } = await jwtVerify(issued.token, key, { algorithms: ['HS256'] });
    expect(protectedHeader).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(payload).toMatchObject({ sub: '42', role: 'citizen', jti: issued.jti, exp: issued.exp });
    expect(decodeJwt(issued.token).exp! - decodeJwt(issued.token).iat!).toBe(600);
    expect(await signer.verify(issued.token)).toEqual({ userId: 42, role: 'citizen', jti: issued.jti, exp: issued.exp });
  });

  it('refuses a token after its expiry even once its signature has been checked', async () => {
    const issued = await signer.issue(9, 'police_officer');
    expect(await signer.verify(issued.token, issued.exp * 1000 - 1000)).toMatchObject({ userId: 9 });
    expect(await signer.verify(issued.token, issued.exp * 1000)).toBeUndefined();
    expect(await signer.verify(issued.token, issued.exp * 1000 - 1000)).toMatchObject({ userId: 9 });
  });

  it('accepts a token signed by a JOSE library with the same secret', async () => {
    const token = await new SignJWT({ role: 'admin' }).setProtectedHeader({ alg: 'HS256' }).setSubject('7').setJti('j-1').setExpirationTime('5m').sign(key);
    expect(await signer.verify(token)).toMatchObject({ userId: 7, role: 'admin', jti: 'j-1' });
  });

  it('refuses expired, not-yet-valid, foreign, unsigned and malformed tokens', async () => {
    const issued = await signer.issue(42, 'citizen');
    expect(await signer.verify(issued.token, (issued.exp + 1) * 1000)).toBeUndefined();
    expect(await signer.verify(issued.token, issued.exp * 1000)).toBeUndefined();
    expect(await createTokenSigner(`${SECRET}x`, 600).verify(issued.token)).toBeUndefined();

    const [head, body, sig] = issued.token.split('.') as [string, string, string];
    const claims = decodeJwt(issued.token);
    const forged = [
      `${b64({ alg: 'none', typ: 'JWT' })}.${body}.`,
      `${b64({ alg: 'none', typ: 'JWT' })}.${body}.${sig}`,
      `${b64({ alg: 'HS512', typ: 'JWT' })}.${body}.${sig}`,
      `${b64({ alg: 'HS256', crit: ['b64'], b64: false })}.${body}.${sig}`,
      `${head}.${b64({ ...claims, sub: '1' })}.${sig}`,
      `${head}.${body}.${sig.slice(0, -2)}`,
      `${head}.${body}.${sig}=`,
      `${head}.${body}`,
      `${head}.${body}.${sig}.extra`,
      'not-a-token',
      '',
      `${head}.${body}.${'A'.repeat(3000)}`,
    ];
    for (const token of forged) expect(await signer.verify(token), token.slice(0, 60)).toBeUndefined();
  });

  it('refuses well-signed tokens with unusable claims', async () => {
    const sign = (claims: object) => new SignJWT(claims as never).setProtectedHeader({ alg: 'HS256' }).sign(key);
    const exp = Math.floor(Date.now() / 1000) + 60;
    for (const claims of [
      { sub: '7', jti: 'j', role: 'citizen' },
      { sub: '7', jti: 'j', role: 'citizen', exp: String(exp) },
      { sub: 'seven', jti: 'j', role: 'citizen', exp },
      { sub: '-3', jti: 'j', role: 'citizen', exp },
      { sub: '7', role: 'citizen', exp },
      { sub: '7', jti: 'j', role: 'superuser', exp },
      { sub: '7', jti: 'j', role: 'citizen', exp, nbf: exp },
    ]) {
      expect(await signer.verify(await sign(claims)), JSON.stringify(claims)).toBeUndefined();
    }
  });
});
