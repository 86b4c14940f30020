// toolslim corpus harness (our code): lets Node load modules that import `cloudflare:*` (a workerd-only
// scheme). `env` is empty, the classes are inert: enough for a server to register and list its tools.
import { register } from 'node:module';

const stub = `
export const env = {};
export class DurableObject { constructor(ctx, env) { this.ctx = ctx; this.env = env; } }
export class WorkerEntrypoint { constructor(ctx, env) { this.ctx = ctx; this.env = env; } }
export class WorkflowEntrypoint {}
export class RpcTarget {}
export default {};
`;
const hooks = `
export async function resolve(specifier, context, next) {
  if (specifier.startsWith('cloudflare:')) return { url: 'data:text/javascript,' + encodeURIComponent(${JSON.stringify(stub)}), shortCircuit: true };
  return next(specifier, context);
}
`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`);
