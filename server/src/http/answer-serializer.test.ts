import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import * as contracts from '@pes/contracts';
import { apiErrorSchema, complaintListSchema, currentUserResponseSchema, type Endpoint } from '@pes/contracts';
import { compiledAnswer, createAnswerSerializer } from './answer-serializer';

const route = (schema: z.ZodType) => ({ schema, method: 'GET', url: '/test', httpStatus: '200' }) as never;
const production = (schema: z.ZodType) => (createAnswerSerializer({ validate: false }) as (r: never) => (d: unknown) => string)(route(schema));
const checked = (schema: z.ZodType) => (createAnswerSerializer({ validate: true }) as (r: never) => (d: unknown) => string)(route(schema));
const viaZod = (schema: z.ZodType) => (zodSerializerCompiler as (r: never) => (d: unknown) => string)(route(schema));

const user = {
  user: {
    id: 7,
    username: 'citizen',
    role: 'citizen',
    branch: null,
    station: null,
    officerId: null,
    identity_number: '199010312345',
    identity_type: 'NIC',
    full_name: 'Demo Citizen',
    address: '1 Galle Road, Colombo',
  },
};
const complaint = {
  id: 1,
  reference_number: 'CMP-2026-000001',
  complaint_type: 'crime',
  status: 'In Progress',
  full_name: 'අමායා "Amaya" <Perera>',
  age: 30,
  gender: 'female',
  home_address: '1 Galle Road\nColombo',
  id_number: '199010312345',
  phone_number: '0771234567',
  religion: null,
  nationality: 'Sri Lankan',
  occupation: null,
  work_address: null,
  marital_status: 'married',
  grama_division: null,
  what_happened: 'A bag was taken \u2028 at the stop.',
  when: '2026-11-20T10:00:00.000Z',
  where: 'Main Street',
  how_occurred: null,
  damage_value: '1500.50',
  evidence: null,
  station: 'Kollupitiya Police Station',
  slot_id: 5,
  incident_type: 'robbery',
  crime_category: 'property',
  traffic_category: null,
  branch: 'Crime Branch',
  appointment: { date: '2026-11-28', time_from: '08:00:00', time_to: '09:00:00' },
  attendance: 'missed',
  attachment: { url: '/uploads/0123456789abcdef0123456789abcdef.pdf', mime_type: 'application/pdf', name: 'report.pdf' },
  submitted_at: '2026-11-20T10:00:00.000Z',
  history: [{ from_status: 'Pending', to_status: 'In Progress', changed_at: '2026-11-21T10:00:00.000Z', changed_by: 'Ruwan' }],
};

describe('answers written from their schema (issue 26)', () => {
  it('writes what the zod serialiser writes, byte for byte', () => {
    for (const [schema, data] of [
      [currentUserResponseSchema, user],
      [complaintListSchema, [complaint, { ...complaint, id: 2, attendance: null, attachment: null, history: [] }]],
      [apiErrorSchema, { error: { code: 'auth.unauthorized', message: 'Sign in again.' } }],
    ] as const) {
      expect(production(schema)(data)).toBe(viaZod(schema)(data));
    }
  });

  it('never writes a field the schema does not name', () => {
    const leaky = { user: { ...user.user, password_hash: '$argon2id$secret', totp_secret: 'ABC' } };
    const text = production(currentUserResponseSchema)(leaky);
    expect(text).not.toContain('password_hash');
    expect(text).not.toContain('$argon2id$secret');
    expect(JSON.parse(text)).toEqual(user);
  });

  it('checks every answer against its schema outside production', () => {
    const broken = { user: { ...user.user, id: 'seven' } };
    expect(() => checked(currentUserResponseSchema)(broken)).toThrow();
    expect(checked(currentUserResponseSchema)(user)).toBe(JSON.stringify(user));
  });

  it('compiles the answer of every endpoint in contracts (none is left on the slower path)', () => {
    const endpoints = Object.values(contracts as Record<string, unknown>)
      .filter((group): group is Record<string, Endpoint> => !!group && typeof group === 'object' && !Array.isArray(group))
      .flatMap((group) => Object.values(group))
      .filter((e): e is Endpoint => !!e && typeof e === 'object' && 'answer' in e && 'method' in e && 'path' in e);
    expect(endpoints.length).toBeGreaterThan(50);
    const failed = endpoints.filter((e) => {
      try {
        // Nothing unrepresentable (which would be written as any value), and fast-json-stringify takes the schema.
        z.toJSONSchema(e.answer, { io: 'output', unrepresentable: 'throw', target: 'draft-7' });
        return compiledAnswer(e.answer) === undefined;
      } catch {
        return true;
      }
    });
    expect(failed.map((e) => `${e.method} ${e.path}`)).toEqual([]);
  });
});
