import type { z } from 'zod';
import { loginBodySchema } from '@contract/auth';

/**
 * The contract's limits (username up to 300, password 6 to 40), both required
 * (docs/product.md#validation-rules).
 */
export const credentialsSchema = loginBodySchema.extend({
  username: loginBodySchema.shape.username.min(1),
});
export type Credentials = z.infer<typeof credentialsSchema>;
