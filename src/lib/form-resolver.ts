import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { USERNAME_CHARACTERS_MESSAGE } from '@contract/username-text';
import { TEXT_ILL_FORMED_MESSAGE } from '@contract/well-formed-text';
import { it } from '@/i18n/it-first-load';

type Issue = {
  code: string;
  message: string;
  input?: unknown;
  minimum?: unknown;
  maximum?: unknown;
  format?: string;
  origin?: string;
};

/**
 * Italian wording for the issues of a schema that has no message of its own
 * (docs/product.md#validation-rules), so forms can validate with the contract's schemas, limits included, and
 * still speak Italian.
 */
export function italianIssue(issue: Issue): string {
  switch (issue.code) {
    case 'too_small':
      if (issue.origin !== 'string') return it.validation.invalid;
      return issue.input === '' || Number(issue.minimum) <= 1
        ? it.validation.required
        : it.validation.minLength(Number(issue.minimum));
    case 'too_big':
      return issue.origin === 'string'
        ? it.validation.maxLength(Number(issue.maximum))
        : it.validation.invalid;
    case 'invalid_format':
      return issue.format === 'email' ? it.validation.email : it.validation.invalid;
    case 'invalid_type':
      return issue.input === undefined || issue.input === null
        ? it.validation.required
        : it.validation.invalid;
    default:
      // An enum, a union, a refinement without a message of its own: never zod's English.
      return it.validation.invalid;
  }
}

/** The contract's own messages (which zod puts before any given here) in Italian. */
const CONTRACT_MESSAGES: Record<string, string> = {
  [TEXT_ILL_FORMED_MESSAGE]: it.validation.illFormed,
  [USERNAME_CHARACTERS_MESSAGE]: it.validation.usernameCharacters,
};

/** Each error of a form's (nested) errors with a contract message, told in Italian. */
function translateContractMessages(errors: unknown): void {
  if (errors === null || typeof errors !== 'object') return;
  const error = errors as { message?: unknown };
  if (typeof error.message === 'string' && Object.hasOwn(CONTRACT_MESSAGES, error.message))
    error.message = CONTRACT_MESSAGES[error.message];
  for (const [key, value] of Object.entries(errors)) if (key !== 'ref') translateContractMessages(value);
}

/** react-hook-form's resolver for a zod schema, with the Italian messages above. */
export function formResolver<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
): Resolver<z.input<S>, unknown, z.output<S>> {
  const resolve = zodResolver(schema, { error: (issue) => italianIssue(issue as Issue) }) as Resolver<
    z.input<S>,
    unknown,
    z.output<S>
  >;
  return async (values, context, options) => {
    const result = await resolve(values, context, options);
    translateContractMessages(result.errors);
    return result;
  };
}

/**
 * `formResolver` for a schema loaded on the first validation: a form can show before its rules (and zod) have
 * loaded.
 */
export function lazyFormResolver<S extends z.ZodType<FieldValues, FieldValues>>(
  load: () => Promise<S>,
): Resolver<z.input<S>, unknown, z.output<S>> {
  let resolver: Promise<Resolver<z.input<S>, unknown, z.output<S>>> | undefined;
  return async (values, context, options) => {
    resolver ??= load().then(formResolver);
    return (await resolver)(values, context, options);
  };
}
