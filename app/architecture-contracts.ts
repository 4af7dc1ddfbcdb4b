import ts from "typescript"
import type { SourceFile, Violation } from "./architecture.ts"

/**
 * events/contracts/ is the published language of facts, and nothing else: events (tagged classes), the
 * schemas they are made of (unions, literals for ids and kinds, structs, field sets), their types, the
 * names of their streams (`...Stream`, `...Streams`, `...StreamId`), lists of their type names
 * (`...EventTypes`), the actor (actor.ts) and the `DomainEvent` union (index.ts). Prices, sizes, paths, UI
 * words, errors and middlewares belong to the module that owns them, published in its api-*.ts, or to api/
 * when every part of the HTTP API shares them.
 */
const rule =
  "events/contracts/ declares events, their schemas, stream names and the actor only; the rest goes to its module's api-*.ts or to api/"

const isSchemaCall = (node: ts.Expression): boolean => {
  let callee: ts.Expression = node
  while (ts.isCallExpression(callee)) callee = callee.expression
  return ts.isPropertyAccessExpression(callee) && callee.getText().startsWith("Schema.")
}

/** `{ amountCents: Schema.Int, ...Money }`: fields that events spread into theirs. */
const isFieldSet = (node: ts.Expression): boolean =>
  ts.isObjectLiteralExpression(node) &&
  node.properties.every(
    (p) =>
      ts.isSpreadAssignment(p) ||
      (ts.isPropertyAssignment(p) &&
        (isSchemaCall(p.initializer) ||
          p.initializer.getText().startsWith("Schema.") ||
          ts.isIdentifier(p.initializer))),
  )

const namesAStream = (name: string) => /Streams?$|StreamId$/.test(name)
const listsEventTypes = (name: string) => /EventTypes$/.test(name)

const isEvent = (node: ts.ClassDeclaration) =>
  node.heritageClauses?.some((clause) =>
    clause.types.some((type) => /^Schema\.TaggedClass</.test(type.expression.getText())),
  ) ?? false

const isExported = (node: ts.Node) =>
  ts.canHaveModifiers(node) &&
  (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword)

/** What a file in events/contracts/ exports that is not part of the language of events. */
const strayExports = (file: SourceFile): ReadonlyArray<string> => {
  const source = ts.createSourceFile(file.path, file.text, ts.ScriptTarget.Latest, true)
  const stray: Array<string> = []
  for (const node of source.statements) {
    if (ts.isExportDeclaration(node) || ts.isImportDeclaration(node) || !isExported(node)) continue
    if (ts.isTypeAliasDeclaration(node) || ts.isInterfaceDeclaration(node)) continue
    if (ts.isClassDeclaration(node)) {
      if (!isEvent(node)) stray.push(node.name?.text ?? "class")
    } else if (ts.isVariableStatement(node)) {
      for (const declaration of node.declarationList.declarations) {
        const name = declaration.name.getText()
        const value = declaration.initializer
        const fits =
          namesAStream(name) ||
          listsEventTypes(name) ||
          (value !== undefined && (isSchemaCall(value) || isFieldSet(value)))
        if (!fits) stray.push(name)
      }
    } else if (ts.isFunctionDeclaration(node)) {
      const name = node.name?.text ?? "function"
      if (!namesAStream(name)) stray.push(name)
    } else {
      stray.push(node.getText().slice(0, 40))
    }
  }
  return stray
}

export const checkContracts = (files: ReadonlyArray<SourceFile>): ReadonlyArray<Violation> =>
  files
    .filter(
      (file) =>
        file.path.startsWith("events/contracts/") &&
        !/\.test\.ts$/.test(file.path) &&
        file.path !== "events/contracts/actor.ts",
    )
    .flatMap((file) =>
      strayExports(file).map((specifier) => ({ file: file.path, specifier, rule })),
    )
