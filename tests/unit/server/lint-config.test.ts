import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, expect, it } from 'vitest';
import { storico } from '../../../eslint-rules/plugin.js';

const repo = path.resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: repo });

/** The rule ids the project's own lint config reports for `code` placed at `filePath`. */
async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repo, filePath) });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

describe('the lint config keeps the import boundaries', () => {
  it('refuses a relative import from one feature into another', async () => {
    const found = await problems(
      'src/features/users/components/lint-fixture.ts',
      "import { recordKinds } from '../../restores/components/restores-page';\nexport const kinds = recordKinds;\n",
    );
    expect(found).toEqual([
      expect.stringMatching(/^storico\/boundaries: A feature never imports another feature/),
    ]);
  });

  it('refuses the same import written with the alias, and a shared layer importing a feature', async () => {
    expect(
      await problems(
        'src/features/users/components/lint-fixture.ts',
        "import { recordKinds } from '@/features/restores/components/restores-page';\nexport const kinds = recordKinds;\n",
      ),
    ).toHaveLength(1);
    expect(
      await problems(
        'src/lib/lint-fixture.ts',
        "import { SearchPage } from '../features/search/components/search-page';\nexport const page = SearchPage;\n",
      ),
    ).toEqual([expect.stringMatching(/^storico\/boundaries: Shared layers/)]);
  });

  it('lets a feature import its own files and the review lists read the records kinds', async () => {
    expect(
      await problems(
        'src/features/search/components/lint-fixture.ts',
        "import { recordKinds } from './search-page';\nexport const kinds = recordKinds;\n",
      ),
    ).toEqual([]);
    expect(
      await problems(
        'src/features/restores/components/lint-fixture.ts',
        "import { recordKinds } from '@/domain/kinds/record-kinds';\nexport const kinds = recordKinds;\n",
      ),
    ).toEqual([]);
  });

  it('keeps Fastify out of services and other areas out of repositories', async () => {
    expect(
      await problems(
        'server/users/lint-fixture.service.ts',
        "import type { FastifyRequest } from 'fastify';\nexport type R = FastifyRequest;\n",
      ),
    ).toEqual([expect.stringMatching(/^storico\/boundaries: A service never imports Fastify/)]);
    expect(
      await problems(
        'server/users/lint-fixture.repository.ts',
        "import { toPage } from '../http/paging';\nexport const page = toPage;\n",
      ),
    ).toEqual([expect.stringMatching(/^storico\/boundaries: A repository imports only db\//)]);
  });
});

describe('the lint config forbids import cycles', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storico-cycle-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('reports a cycle made only of type imports, and nothing once it is broken', async () => {
    fs.mkdirSync(path.join(dir, 'src/lib'), { recursive: true });
    fs.writeFileSync(
      path.join(dir, 'src/lib/a.ts'),
      "import type { B } from './b';\nexport type A = { b: B };\n",
    );
    fs.writeFileSync(
      path.join(dir, 'src/lib/b.ts'),
      "import type { A } from '@/lib/a';\nexport type B = { a?: A };\n",
    );
    fs.writeFileSync(path.join(dir, 'src/lib/c.ts'), "import type { A } from './a';\nexport type C = A;\n");
    const lint = new ESLint({
      cwd: dir,
      overrideConfigFile: true,
      overrideConfig: [
        {
          files: ['**/*.ts'],
          languageOptions: { parser: tseslint.parser },
          plugins: { storico },
          rules: { 'storico/no-cycle': 'error' },
        },
      ],
    });
    const results = await lint.lintFiles(['src/lib/*.ts']);
    const byFile = Object.fromEntries(
      results.map((r) => [path.basename(r.filePath), r.messages.map((m) => m.ruleId)]),
    );
    expect(byFile).toEqual({ 'a.ts': ['storico/no-cycle'], 'b.ts': ['storico/no-cycle'], 'c.ts': [] });
  });
});
