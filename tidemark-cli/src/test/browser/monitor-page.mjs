// Drives Debian's chromium (through playwright-core, which downloads no browser) against the monitor
// page of a running job, for MonitorPageBrowserTest. Talks to the test over stdin/stdout, one line each:
//   prints   READY <watermark legend>   once the page has drawn the job's watermarks,
//   waits    for a line from the test   (it has sent more records),
//   prints   CHANGED <legend before> => <legend after>   when the watermark chart shows the new ones,
//   prints   EXPLAINED <reason>   after asking the page's form why a window has not fired,
//   exits 0; on any failure prints FAILED <why> and exits 1.
// Usage: node monitor-page.mjs URL USER_DATA_DIR SCREENSHOT KEY WINDOW_START
import { chromium } from "playwright-core";
import { createInterface } from "node:readline";

const [url, userDataDir, screenshot, key, windowStart] = process.argv.slice(2);
const TIMEOUT = 30000;
const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
const errors = [];

function fail(why) {
  throw new Error(why);
}

// the split series of the watermark chart: "source[0] d1 2024-…" legend entries, in order
async function splitLegend(page) {
  return page.$$eval("#legend-watermark span", spans => spans.map(s => s.textContent).filter(t => t.startsWith("source[")).join(" | "));
}

const context = await chromium.launchPersistentContext(userDataDir, {
  executablePath: "/usr/bin/chromium",
  headless: true,
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  viewport: { width: 1400, height: 1800 },
});
try {
  const page = await context.newPage();
  page.on("pageerror", e => errors.push(String(e)));
  page.on("console", m => { if (m.type() === "error") errors.push(m.text()); });
  await page.goto(url, { timeout: TIMEOUT });
  await page.waitForFunction(() => document.querySelectorAll("#chart-watermark canvas").length > 0
      && Number(document.querySelector("#chart-watermark").dataset.points) > 0
      && document.querySelector("#job").textContent !== "…", null, { timeout: TIMEOUT });
  for (const chart of ["#chart-lag", "#chart-idle", "#chart-windows", "#chart-late", "#chart-dead", "#chart-lateshare", "#chart-disorder"]) {
    await page.waitForSelector(chart + "[data-points]", { timeout: TIMEOUT });
  }
  // the disorder chart gets the splits' quantiles (the source publishes them at a check after the monitor asks)
  await page.waitForFunction(() => Number(document.querySelector("#chart-disorder").dataset.points) > 0, null, { timeout: TIMEOUT });
  // a lag of 1006 days moving by seconds: each axis tick keeps its seconds (issue 24: every tick read "1006.2 d")
  const ticks = await page.evaluate(() => [86940000, 86940005, 86940010].map(v => seconds(v, 5)));
  if (new Set(ticks).size !== 3) fail("lag ticks not told apart: " + ticks.join(", "));
  const before = await splitLegend(page);
  if (!before) fail("no split series in the watermark chart");
  console.log("READY " + before);
  await lines.next(); // the test sent more records
  await page.waitForFunction(prev => {
    const now = [...document.querySelectorAll("#legend-watermark span")].map(s => s.textContent)
        .filter(t => t.startsWith("source[")).join(" | ");
    return now !== prev;
  }, before, { timeout: TIMEOUT });
  const after = await splitLegend(page);
  console.log("CHANGED " + before + " => " + after);
  const rows = await page.$$eval("#now tr", trs => trs.map(tr => [...tr.children].map(td => td.textContent)));
  const windowRow = rows.find(r => r[0] === "window");
  if (!windowRow) fail("no window operator row in the table: " + rows.map(r => r.join(" ")).join(" / "));
  // one input channel feeds the window operator: it cannot be "held back" by it (issue 24: "held back by" in red for one input)
  if (windowRow[windowRow.length - 1] !== "") fail("the window operator is shown held back by its only input: " + windowRow.join(" "));
  const sourceRow = rows.find(r => r[0] === "source");
  if (!sourceRow || sourceRow[sourceRow.length - 1] !== "d2") fail("the source is not shown held back by its silent split d2: "
      + (sourceRow || []).join(" "));
  // the bound in use (the watermarkBound metric: an adaptive bound as learned), the job's 1 s here
  const boundColumn = rows[0].indexOf("bound");
  if (boundColumn < 0 || sourceRow[boundColumn] !== "1.0 s") fail("the source's bound in use is not shown as 1.0 s: " + sourceRow.join(" "));
  await page.fill("input[name=key]", key);
  await page.fill("input[name=window_start]", windowStart);
  await page.click("#explain button");
  await page.waitForSelector("#explanation .reason", { timeout: TIMEOUT });
  console.log("EXPLAINED " + await page.textContent("#explanation .reason"));
  await page.screenshot({ path: screenshot, fullPage: true });
  if (errors.length) fail("errors on the page: " + errors.join("; "));
} catch (e) {
  console.log("FAILED " + String(e.message || e).split("\n")[0]);
  process.exitCode = 1;
} finally {
  await context.close();
}
process.exit(process.exitCode ?? 0);
