import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loginBodySchema } from '@contract/auth';
import { formResolver } from '@/lib/form-resolver';

const resolve = async <S extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(
  schema: S,
  values: z.input<S>,
) =>
  (await formResolver(schema)(values, undefined, { fields: {}, shouldUseNativeValidation: false }))
    .errors as Record<string, { message?: string } & Record<string, { message?: string }>>;

describe('the forms speak Italian for the contract’s own rules', () => {
  it('says text with control characters (a pasted tab) is refused, not the schema’s English', async () => {
    const errors = await resolve(loginBodySchema, { username: 'mario\trossi', password: 'segreta1' });
    expect(errors.username?.message).toBe(
      'Contiene caratteri non ammessi (tabulazioni, a capo o altri caratteri di controllo)',
    );
    expect(errors.password).toBeUndefined();
  });

  it('translates nested fields and keeps the messages it words itself', async () => {
    const schema = z.object({ role: z.object({ name: loginBodySchema.shape.username }) });
    const errors = await resolve(schema, { role: { name: 'a\u0000b' } });
    expect(errors.role?.name?.message).toMatch(/^Contiene caratteri non ammessi/);
    const short = await resolve(loginBodySchema, { username: 'mario', password: 'abc' });
    expect(short.password?.message).toBe('Inserisci almeno 6 caratteri');
  });

  it('words any other rule without a message of its own as an invalid value', async () => {
    const schema = z.object({ role: z.enum(['ADMIN', 'USER']), code: z.string().refine((v) => v !== 'x') });
    const errors = await resolve(schema, { role: 'ROOT' as 'ADMIN', code: 'x' });
    expect(errors.role?.message).toBe('Valore non valido');
    expect(errors.code?.message).toBe('Valore non valido');
  });
});
