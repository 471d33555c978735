import type { z } from 'zod';
import { loginBodySchema } from '@contract/auth';

/** SPEC.md section 5: the contract's limits (username up to 300, password 6 to 40), both required. */
export const credentialsSchema = loginBodySchema.extend({
  username: loginBodySchema.shape.username.min(1),
});
export type Credentials = z.infer<typeof credentialsSchema>;
