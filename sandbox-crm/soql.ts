import { parseQuery, type Query, type ValueCondition, type WhereClause } from '@jetstreamapp/soql-parser-js';
import { parseSfDateTime, type SfErrorDetail, type SfRecord } from './salesforce-wire';
import { isSandboxObject, SandboxSchema, type SandboxField, type SandboxObject } from './sandbox-schema';

/** A query the sandbox refuses, with Salesforce's error code. */
export class SoqlError extends Error {
  constructor(
    readonly errorCode: string,
    message: string,
  ) {
    super(message);
  }
  get detail(): SfErrorDetail {
    return { errorCode: this.errorCode, message: this.message };
  }
}

/** One item of the SELECT list: a field of the object, or a field of a related record (Owner.Name). */
export type SelectItem = { field: SandboxField } | { relationship: SandboxField; field: string };

/**
 * A query over records as the org serves them (compound and formula fields computed). Field names are matched
 * without regard to case and answered in the org's casing, as SOQL does
 * (https://developer.salesforce.com/docs/atlas.en-us.soql_sosl.meta/soql_sosl/sforce_api_calls_soql_select.htm).
 */
export type CompiledQuery = {
  object: SandboxObject;
  select: SelectItem[];
  matches: (record: SfRecord) => boolean;
  compare: (a: SfRecord, b: SfRecord) => number;
  limit: number | undefined;
  offset: number;
};

type Literal = string | number | boolean | null;
type Condition = ValueCondition;
type Token = '(' | ')' | 'AND' | 'OR' | 'NOT' | Condition;

function unquote(raw: string): string {
  return raw.slice(1, -1).replace(/\\(.)/g, (_m, c: string) => ({ n: '\n', t: '\t', r: '\r' })[c] ?? c);
}

function literal(condition: Condition, raw: string): Literal {
  const type = Array.isArray(condition.literalType) ? condition.literalType[0] : condition.literalType;
  switch (type) {
    case 'STRING':
      return unquote(raw);
    case 'BOOLEAN':
      return raw.toUpperCase() === 'TRUE';
    case 'INTEGER':
    case 'DECIMAL':
      return Number(raw);
    case 'NULL':
      return null;
    case 'DATE':
      return raw;
    case 'DATETIME':
      return Date.parse(raw);
    default:
      throw new SoqlError('MALFORMED_QUERY', `The sandbox CRM does not support ${String(type)} literals`);
  }
}

/** Record values made comparable with SOQL literals: date-times as milliseconds, text without case. */
function comparable(def: SandboxField, value: unknown): Literal {
  if (value === null || value === undefined) return null;
  if (def.type === 'datetime') return parseSfDateTime(value) ?? null;
  if (typeof value === 'string')
    return def.type === 'id' || def.type === 'reference' ? value : value.toLowerCase();
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  return JSON.stringify(value);
}

const normaliseText = (v: Literal) => (typeof v === 'string' ? v.toLowerCase() : v);

function compareLiterals(a: Literal, b: Literal): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  return a < b ? -1 : 1;
}

/** The parser gives a flat chain with parenthesis counts; it is turned back into tokens and parsed with precedence. */
function tokens(where: WhereClause | undefined): Token[] {
  const out: Token[] = [];
  for (let node: WhereClause | undefined = where; node; node = 'right' in node ? node.right : undefined) {
    const left = node.left as (Partial<Condition> & { valueQuery?: unknown; fn?: unknown }) | null;
    for (let i = 0; i < (left?.openParen ?? 0); i++) out.push('(');
    if (left?.valueQuery || left?.fn) {
      throw new SoqlError(
        'MALFORMED_QUERY',
        'The sandbox CRM does not support sub-queries or functions in WHERE',
      );
    }
    if (left && 'field' in left) out.push(left as Condition);
    for (let i = 0; i < (left?.closeParen ?? 0); i++) out.push(')');
    if ('operator' in node && node.operator) out.push(node.operator);
  }
  return out;
}

type Predicate = (record: SfRecord) => boolean;

function buildPredicate(schema: SandboxSchema, object: SandboxObject, list: Token[]): Predicate {
  let i = 0;
  const fail = (): never => {
    throw new SoqlError('MALFORMED_QUERY', 'unexpected token in WHERE clause');
  };
  const or = (): Predicate => {
    const parts = [and()];
    while (list[i] === 'OR') {
      i++;
      parts.push(and());
    }
    return (r) => parts.some((p) => p(r));
  };
  const and = (): Predicate => {
    const parts = [unary()];
    while (list[i] === 'AND') {
      i++;
      parts.push(unary());
    }
    return (r) => parts.every((p) => p(r));
  };
  const unary = (): Predicate => {
    const token = list[i++];
    if (token === 'NOT') {
      const inner = unary();
      return (r) => !inner(r);
    }
    if (token === '(') {
      const inner = or();
      if (list[i++] !== ')') fail();
      return inner;
    }
    if (!token || typeof token === 'string') return fail();
    return condition(schema, object, token);
  };
  const predicate = or();
  if (i !== list.length) fail();
  return predicate;
}

function fieldDef(schema: SandboxSchema, object: SandboxObject, field: string | undefined): SandboxField {
  const def = field ? schema.field(object, field) : undefined;
  if (!field || !def) {
    throw new SoqlError(
      'INVALID_FIELD',
      `No such column '${field ?? ''}' on entity '${object}'. If you are attempting to use a custom field, be sure to append the '__c' after the custom field name.`,
    );
  }
  return def;
}

function condition(schema: SandboxSchema, object: SandboxObject, c: Condition): Predicate {
  const def = fieldDef(schema, object, c.field);
  const field = def.name;
  const raw = c.value;
  const value = (r: SfRecord) => comparable(def, r[field]);
  // Ids compare exactly (they are case-sensitive); other text without case.
  const exact = def.type === 'id' || def.type === 'reference';
  const normalise = (v: Literal) => (exact ? v : normaliseText(v));
  if (c.operator === 'IN' || c.operator === 'NOT IN') {
    const set = new Set((Array.isArray(raw) ? raw : [raw]).map((v) => normalise(literal(c, v))));
    const negate = c.operator === 'NOT IN';
    return (r) => set.has(value(r)) !== negate;
  }
  if (Array.isArray(raw)) throw new SoqlError('MALFORMED_QUERY', `bad value for ${field}`);
  const target = normalise(literal(c, raw));
  switch (c.operator) {
    case '=':
      return (r) => value(r) === target;
    case '!=':
      return (r) => value(r) !== target;
    case '<':
      return (r) => value(r) !== null && compareLiterals(value(r), target) < 0;
    case '<=':
      return (r) => value(r) !== null && compareLiterals(value(r), target) <= 0;
    case '>':
      return (r) => value(r) !== null && compareLiterals(value(r), target) > 0;
    case '>=':
      return (r) => value(r) !== null && compareLiterals(value(r), target) >= 0;
    case 'LIKE': {
      const pattern = String(target)
        .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
        .replace(/%/g, '.*')
        .replace(/_/g, '.');
      const regex = new RegExp(`^${pattern}$`, 's');
      return (r) => typeof value(r) === 'string' && regex.test(String(value(r)));
    }
    default:
      throw new SoqlError('MALFORMED_QUERY', `The sandbox CRM does not support the ${c.operator} operator`);
  }
}

function comparator(
  schema: SandboxSchema,
  object: SandboxObject,
  query: Query,
): (a: SfRecord, b: SfRecord) => number {
  const orderBy = query.orderBy ? (Array.isArray(query.orderBy) ? query.orderBy : [query.orderBy]) : [];
  const keys = orderBy.map((o) => {
    const def = fieldDef(schema, object, 'field' in o ? o.field : undefined);
    const direction = o.order === 'DESC' ? -1 : 1;
    // Salesforce puts nulls first in ascending order unless told otherwise.
    const nulls = o.nulls === 'LAST' ? 1 : o.nulls === 'FIRST' ? -1 : -direction;
    return { field: def.name, def, direction, nulls };
  });
  return (a, b) => {
    for (const k of keys) {
      const x = comparable(k.def, a[k.field]);
      const y = comparable(k.def, b[k.field]);
      if (x === y) continue;
      if (x === null) return k.nulls;
      if (y === null) return -k.nulls;
      return compareLiterals(x, y) * k.direction;
    }
    return 0;
  };
}

function selectItem(
  schema: SandboxSchema,
  object: SandboxObject,
  f: NonNullable<Query['fields']>[number],
): SelectItem {
  if (f.type === 'Field') return { field: fieldDef(schema, object, f.field) };
  if (f.type === 'FieldRelationship' && f.relationships.length === 1) {
    const relationship = schema.relationship(object, f.relationships[0]!);
    const targets = relationship?.referenceTo.filter(isSandboxObject) ?? [];
    const target = targets.map((t) => schema.field(t, f.field)).find(Boolean);
    if (!relationship || !target) {
      throw new SoqlError(
        'INVALID_FIELD',
        `Didn't understand relationship '${f.relationships[0]}' in field path '${f.rawValue ?? f.field}'. If you are attempting to use a custom relationship, be sure to append the '__r' after the custom relationship name.`,
      );
    }
    return { relationship, field: target.name };
  }
  throw new SoqlError(
    'MALFORMED_QUERY',
    'The sandbox CRM supports fields and one-level relationship paths only',
  );
}

/** Parses SOQL (with the SOQL parser, not by pattern) and checks every object and field against the org's schema. */
export function compileSoql(soql: string, schema: SandboxSchema = new SandboxSchema()): CompiledQuery {
  let query: Query;
  try {
    query = parseQuery(soql);
  } catch (error) {
    throw new SoqlError('MALFORMED_QUERY', (error as Error).message);
  }
  const object = query.sObject ?? '';
  if (!isSandboxObject(object)) {
    throw new SoqlError(
      'INVALID_TYPE',
      `sObject type '${object}' is not supported. If you are attempting to use a custom object, be sure to append the '__c' after the entity name.`,
    );
  }
  const select = (query.fields ?? []).map((f) => selectItem(schema, object, f));
  const matches = query.where ? buildPredicate(schema, object, tokens(query.where)) : () => true;
  return {
    object,
    select,
    matches,
    compare: comparator(schema, object, query),
    limit: query.limit,
    offset: query.offset ?? 0,
  };
}
