import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SERVER = join(__dirname, '../..');
const VALIDATED = new Set(['Body', 'Query']);

/** Whether `name` (a type in a parameter's annotation) comes from an `import type` or `{ type … }`. */
function importedAsType(checker: ts.TypeChecker, name: ts.EntityName): boolean {
  const symbol = checker.getSymbolAtLocation(ts.isQualifiedName(name) ? name.left : name);
  const declaration = symbol?.declarations?.[0];
  if (!declaration) return false;
  if (ts.isImportSpecifier(declaration)) return declaration.isTypeOnly || declaration.parent.parent.isTypeOnly;
  if (ts.isImportClause(declaration)) return declaration.isTypeOnly;
  return false;
}

/**
 * Every @Body()/@Query() parameter typed by a class whose import is type-only, as "file:line Type".
 * The build (tsc) emits such a parameter's design type as `Function`, and Nest's global validation
 * pipe then treats the value as an instance of Function; the tests compile with SWC, which emits
 * `Object`, so only the built server showed the bug. This check reads the sources the way tsc does.
 */
function typeOnlyClassParameters(): string[] {
  const configPath = join(SERVER, 'tsconfig.build.json');
  const config = ts.readConfigFile(configPath, ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, SERVER);
  const program = ts.createProgram(parsed.fileNames.filter((file) => file.endsWith('.controller.ts')), parsed.options);
  const checker = program.getTypeChecker();
  const found: string[] = [];
  for (const source of program.getSourceFiles()) {
    if (!source.fileName.endsWith('.controller.ts')) continue;
    const visit = (node: ts.Node): void => {
      if (ts.isParameter(node) && node.type && ts.isTypeReferenceNode(node.type)) {
        const validated = (ts.getDecorators(node) ?? []).some(
          (decorator) => ts.isCallExpression(decorator.expression) && ts.isIdentifier(decorator.expression.expression) && VALIDATED.has(decorator.expression.expression.text),
        );
        const type = checker.getTypeAtLocation(node.type);
        const isClass = (type.symbol?.flags ?? 0) & ts.SymbolFlags.Class;
        if (validated && isClass && importedAsType(checker, node.type.typeName)) {
          const { line } = source.getLineAndCharacterOfPosition(node.getStart());
          found.push(`${source.fileName.slice(SERVER.length + 1)}:${line + 1} ${node.type.getText()}`);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

describe('decorator metadata of validated parameters', () => {
  it('types no @Body() or @Query() parameter with a class imported as a type only', () => {
    expect(typeOnlyClassParameters()).toEqual([]);
  });
});
