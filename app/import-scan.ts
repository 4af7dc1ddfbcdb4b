import ts from "typescript"
import type { SourceFile } from "./architecture.ts"

interface ImportFound {
  /** The target as written; undefined for an `import()` whose target is computed. */
  readonly specifier: string | undefined
  /** Names taken from the specifier, when the import lists them. */
  readonly names: ReadonlyArray<string> | undefined
  readonly typeOnly: boolean
}

export const importsOf = (file: SourceFile): ReadonlyArray<ImportFound> => {
  const source = ts.createSourceFile(file.path, file.text, ts.ScriptTarget.Latest, false)
  const found: Array<ImportFound> = []
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      const specifier = (node.moduleSpecifier as ts.StringLiteral).text
      const clause = ts.isImportDeclaration(node) ? node.importClause : undefined
      const bindings = clause?.namedBindings
      const names =
        bindings && ts.isNamedImports(bindings)
          ? bindings.elements.map((e) => (e.propertyName ?? e.name).text)
          : undefined
      const typeOnly = ts.isImportDeclaration(node) ? Boolean(clause?.isTypeOnly) : node.isTypeOnly
      found.push({ specifier, names, typeOnly })
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const argument = node.arguments[0]
      const literal =
        argument && (ts.isStringLiteral(argument) || ts.isNoSubstitutionTemplateLiteral(argument))
      found.push({
        specifier: literal ? argument.text : undefined,
        names: undefined,
        typeOnly: false,
      })
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}
