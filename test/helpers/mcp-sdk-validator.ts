/**
 * The MCP SDK client's own output check (its `AjvJsonSchemaValidator`, as the client builds it by default),
 * counting the results it checks and compiling a tool's `outputSchema` at its first result: the default
 * compiles every listed tool's when the tools are listed, about a tenth of a second each for GitHub's
 * (their `$defs` are large), minutes for its 1,000 tools (docs/mcp.md). Pass one to `new Client(...,
 * { jsonSchemaValidator })`; `checked` tells a test the SDK really judged the results it expects.
 */
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv-provider.js';
import type { JsonSchemaType, JsonSchemaValidator, jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';

export class LazySdkValidator implements jsonSchemaValidator {
  readonly #ajv = new AjvJsonSchemaValidator();
  /** How many results the SDK client has checked through this validator. */
  checked = 0;
  getValidator<T>(schema: JsonSchemaType): JsonSchemaValidator<T> {
    let check: JsonSchemaValidator<T> | undefined;
    return (input) => {
      this.checked++;
      check ??= this.#ajv.getValidator<T>(schema);
      return check(input);
    };
  }
}
