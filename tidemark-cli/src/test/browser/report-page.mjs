// Opens a page written by tidemark profile/tune --html in Debian's chromium (playwright-core, no
// browser download), for ReportPageBrowserTest: every chart must be drawn (a canvas with pixels of
// more than one colour), with no console error and no request leaving the file (the page is
// self-contained). Prints CHARTS <id>=<distinct colours sampled> ... then exits 0; on any failure
// prints FAILED <why> and exits 1.
// Usage: node report-page.mjs FILE USER_DATA_DIR SCREENSHOT
import { chromium } from "playwright-core";
import { pathToFileURL } from "node:url";

const [file, userDataDir, screenshot] = process.argv.slice(2);
const TIMEOUT = 30000;
const errors = [];
const requests = [];

const context = await chromium.launchPersistentContext(userDataDir, {
  executablePath: "/usr/bin/chromium",
  headless: true,
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
    "--disable-component-update", "--disable-sync"],
  viewport: { width: 1400, height: 1000 },
});
try {
  const page = await context.newPage();
  page.on("pageerror", e => errors.push(String(e)));
  page.on("console", m => { if (m.type() === "error") errors.push(m.text()); });
  page.on("request", r => { if (!r.url().startsWith("file:") && !r.url().startsWith("data:")) requests.push(r.url()); });
  await page.goto(pathToFileURL(file).href, { timeout: TIMEOUT });
  await page.waitForSelector("body[data-drawn=true]", { timeout: TIMEOUT });
  const charts = await page.$$eval(".chart", divs => divs.map(d => {
    const c = d.querySelector("canvas");
    if (!c) return d.id + "=none";
    const ctx = c.getContext("2d"), img = ctx.getImageData(0, 0, c.width, c.height).data, seen = new Set();
    for (let i = 0; i < img.length; i += 4 * 97) seen.add(img[i] + "," + img[i + 1] + "," + img[i + 2] + "," + img[i + 3]);
    return d.id + "=" + seen.size;
  }));
  if (charts.length === 0) throw new Error("no chart on the page");
  for (const c of charts) if (!(Number(c.split("=")[1]) > 1)) throw new Error("chart not drawn: " + c);
  await page.screenshot({ path: screenshot, fullPage: true });
  if (errors.length) throw new Error("errors on the page: " + errors.join("; "));
  if (requests.length) throw new Error("the page asked the network for: " + requests.join(", "));
  console.log("CHARTS " + charts.join(" "));
} catch (e) {
  console.log("FAILED " + String(e.message || e).split("\n")[0]);
  process.exitCode = 1;
} finally {
  await context.close();
}
process.exit(process.exitCode ?? 0);
