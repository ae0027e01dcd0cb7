// The network services of the end-to-end app server, in one process that playwright.config.ts starts
// beside it: the identity provider for the administrator sign-in and the OpenAI-compatible script
// writer. Usage: node --import tsx tests/mocks/e2e-services.ts <provider port> <openai port>
import { builtinLikeAnswer } from "./builtin-like-answer";
import { startIdentityProvider } from "./identity-provider";
import { startFakeOpenAI } from "./openai-server";

const [providerPort, openaiPort] = process.argv.slice(2).map(Number);
if (!providerPort || !openaiPort) throw new Error("Usage: e2e-services.ts <provider port> <openai port>");

// The provider last: Playwright waits for its discovery document, and by then both are listening.
const openai = await startFakeOpenAI({ port: openaiPort, exposeRequests: true });
openai.setContent(builtinLikeAnswer);
const provider = await startIdentityProvider({ port: providerPort });

async function stop() {
  await Promise.allSettled([provider.stop(), openai.close()]);
  process.exit(0);
}
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
