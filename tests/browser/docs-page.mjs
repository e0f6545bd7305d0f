// The docs page in a real browser: Debian's chromium, driven by Playwright (never a
// downloaded browser). Run by .ci/docs-page against a running example service:
//
//   BASE=http://127.0.0.1:8080 SCREENSHOT=docs/docs-page.png node tests/browser/docs-page.mjs
//
// Checks that the page loads with no console error and no failed request, that it lists
// every operation of the served OpenAPI document, and that "Try it out" on an operation
// reaches the service and shows its answer (status and body, the JSON prefix stripped),
// and that the lock is drawn on an operation that needs credentials and on no other.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";

const base = (process.env.BASE ?? "http://127.0.0.1:8080").replace(/\/$/, "");
const docsPath = process.env.DOCS_PATH ?? "/docs/";
const openapiPath = process.env.OPENAPI_PATH ?? "/openapi.json";
const screenshot = process.env.SCREENSHOT;
// An anonymous read of the example service, and what its answer holds.
const operation = { tag: "accounts", id: "get_account_anonymous", param: "account-id", value: "1000000" };
// The same read on the authenticated form, which needs credentials.
const authenticated = { tag: "accounts", id: "get_account" };
const STEP_MS = 20_000;

const failures = [];
const fail = (what) => failures.push(what);
let passed = 0;
const ok = (what) => {
  passed += 1;
  console.log(`ok   ${what}`);
};

const document = await (await fetch(base + openapiPath)).json();
const METHODS = ["get", "put", "post", "delete", "patch", "head", "options", "trace"];
// Each operation as the page's element id names it.
const operationIds = new Set(
  Object.values(document.paths).flatMap((item) =>
    METHODS.filter((m) => m in item).map((m) => `operations-${item[m].tags[0]}-${item[m].operationId}`),
  ),
);

/// Scrolls from the top of the page down, a little at a time, until `done()` says so or the
/// page ends.
async function scrollThrough(page, done) {
  await page.evaluate(() => window.scrollTo(0, 0));
  for (;;) {
    await page.waitForTimeout(50);
    if (await done()) return;
    const moved = await page.evaluate(() => {
      const before = window.scrollY;
      window.scrollBy(0, 600);
      return window.scrollY !== before;
    });
    if (!moved) return;
  }
}

const profile = mkdtempSync(join(tmpdir(), "docs-page-chromium-"));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  headless: true,
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
  viewport: { width: 1280, height: 900 },
});
try {
  const page = context.pages()[0] ?? (await context.newPage());
  page.setDefaultTimeout(STEP_MS);
  page.on("console", (message) => {
    if (message.type() === "error") fail(`console error: ${message.text()}`);
  });
  page.on("pageerror", (error) => fail(`script error: ${error.message}`));
  page.on("requestfailed", (request) =>
    fail(`request failed: ${request.url()} (${request.failure()?.errorText})`),
  );
  page.on("response", (response) => {
    if (response.status() >= 400) fail(`${response.url()} answered ${response.status()}`);
  });

  const answer = await page.goto(base + docsPath, { waitUntil: "load" });
  if (answer?.status() !== 200) fail(`${docsPath} answered ${answer?.status()}`);
  await page.locator(".opblock").first().waitFor();
  await page.waitForLoadState("networkidle");
  ok(`${docsPath} loads and renders`);

  // Swagger UI renders only the operations near the viewport: scroll the page through and
  // collect every operation it shows (`operations-<tag>-<operationId>`).
  const listed = new Set();
  await scrollThrough(page, async () => {
    const ids = await page.locator(".opblock").evaluateAll((els) => els.map((e) => e.id));
    ids.forEach((id) => listed.add(id));
    return false;
  });
  const missing = [...operationIds].filter((id) => !listed.has(id));
  if (listed.size === operationIds.size && missing.length === 0) {
    ok(`the page lists all ${operationIds.size} operations of ${openapiPath}`);
  } else {
    fail(`the page lists ${listed.size} operations, the document has ${operationIds.size}; missing: ${missing.slice(0, 5).join(", ")}`);
  }

  // The lock: on the operation whose every security requirement names credentials, and
  // not on one anonymous callers may call (`security: []`, or `{}` beside credentials).
  const locks = async (op) => {
    const summary = page.locator(`#operations-${op.tag}-${op.id} .opblock-summary`);
    await scrollThrough(page, async () => (await summary.count()) > 0);
    return summary.locator(".authorization__btn").count();
  };
  const [anonymousLocks, authenticatedLocks] = [await locks(operation), await locks(authenticated)];
  if (anonymousLocks === 0 && authenticatedLocks === 1) ok(`a lock on ${authenticated.id}, none on ${operation.id}`);
  else fail(`locks: ${authenticatedLocks} on ${authenticated.id} (want 1), ${anonymousLocks} on ${operation.id} (want 0)`);

  // "Try it out": open the operation, fill its parameter, execute.
  const block = page.locator(`#operations-${operation.tag}-${operation.id}`);
  await scrollThrough(page, async () => (await block.count()) > 0);
  await block.locator(".opblock-summary").first().click();
  await block.getByRole("button", { name: "Try it out" }).click();
  await block.locator(`tr[data-param-name="${operation.param}"] input`).fill(operation.value);
  const sent = page.waitForResponse((r) => r.url().includes(`/accounts/${operation.value}`));
  await block.getByRole("button", { name: "Execute" }).click();
  const reached = await sent;
  const status = block.locator(".live-responses-table tbody .response-col_status").first();
  await status.waitFor();
  const shown = (await status.innerText()).trim();
  const body = (await block.locator(".live-responses-table .response-col_description pre").first().innerText()).trim();
  if (reached.status() === 200 && shown.startsWith("200")) ok(`"Try it out" reached the service: ${shown}`);
  else fail(`"Try it out": the service answered ${reached.status()}, the page shows ${shown}`);
  let parsed;
  try {
    parsed = JSON.parse(body);
  } catch {
    fail(`the page shows a body that is not JSON: ${body.slice(0, 80)}`);
  }
  if (parsed && String(parsed._account_id) === operation.value) ok(`the page shows the answer's body, prefix stripped: _account_id ${parsed._account_id}`);
  else if (parsed) fail(`the body shown is not account ${operation.value}: ${body.slice(0, 120)}`);

  if (screenshot) {
    // The answer at the bottom of the picture, the request above it.
    const answerRow = block.locator(".live-responses-table tbody").first();
    await answerRow.evaluate((el) => {
      const bottom = el.getBoundingClientRect().bottom;
      window.scrollBy(0, bottom - window.innerHeight + 24);
    });
    await page.screenshot({ path: screenshot });
    ok(`screenshot written to ${screenshot}`);
  }
} catch (error) {
  fail(`${error.message.split("\n")[0]}`);
} finally {
  await context.close();
  rmSync(profile, { recursive: true, force: true });
}

for (const failure of failures) console.log(`FAIL ${failure}`);
if (failures.length > 0) process.exit(1);
console.log(`docs page: all ${passed} checks in chromium passed`);
