package io.tidemark.monitor;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Properties;

/**
 * The charting library of Tidemark's pages — uPlot (MIT; a small, fast canvas chart library), from its
 * WebJar — inlined into a page, so that the monitor page and {@code tidemark profile}'s report are each
 * one self-contained file that needs no network. A page marks where it goes with {@link #MARKER}.
 */
public final class Charts {

    /** Where a page wants uPlot's style and script. */
    public static final String MARKER = "<!-- uPlot -->";

    private static final String WEBJAR = "/META-INF/resources/webjars/uplot/";
    private static volatile String inline;

    private Charts() {}

    /** The WebJar's uPlot version. */
    public static String version() {
        try (InputStream in = Charts.class.getResourceAsStream("/META-INF/maven/org.webjars.npm/uplot/pom.properties")) {
            if (in == null) {
                throw new IllegalStateException("uPlot's WebJar (org.webjars.npm:uplot) is not on the class path");
            }
            Properties p = new Properties();
            p.load(in);
            return p.getProperty("version");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** uPlot's style and script as inline {@code <style>} and {@code <script>} elements (about 50 KB). */
    public static String uplot() {
        String s = inline;
        if (s == null) {
            String dist = WEBJAR + version() + "/dist/";
            s = "<style>/* uPlot " + version() + ", MIT licence */\n" + resource(dist + "uPlot.min.css") + "</style>\n<script>/* uPlot "
                    + version() + ", MIT licence */\n"
                    + resource(dist + "uPlot.iife.min.js").replace("</script", "<\\/script") + "</script>";
            inline = s;
        }
        return s;
    }

    /** {@code page} with uPlot in place of its {@link #MARKER}. */
    public static String inline(String page) {
        if (!page.contains(MARKER)) {
            throw new IllegalArgumentException("the page has no " + MARKER + " marker");
        }
        return page.replace(MARKER, uplot());
    }

    private static String resource(String path) {
        try (InputStream in = Charts.class.getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalStateException("missing from uPlot's WebJar: " + path);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
