package io.tidemark.cli.config;

import java.util.Collection;
import java.util.Locale;

/**
 * The name closest to a name that is not among some known ones, for a "did you mean" hint: the job
 * file's keys ({@link KeyTable}), a CSV header's columns. By edit distance (Levenshtein, case-insensitive)
 * when within {@code max(2, length / 3)} edits: {@code timestmap} → {@code timestamp}; for fields also an
 * abbreviation, one name's letters in order in the other: {@code timestamp} → {@code ts}. Bound: O(n·m)
 * time and O(m) space per candidate.
 */
public final class Closest {

    private Closest() {}

    /** The candidate within {@code max(2, length / 3)} edits of {@code name} (the nearest; the first of a tie), or null. */
    public static String byEdits(String name, Collection<String> candidates) {
        String n = name.toLowerCase(Locale.ROOT);
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String c : candidates) {
            int d = distance(n, c.toLowerCase(Locale.ROOT));
            if (d < bestDistance) {
                bestDistance = d;
                best = c;
            }
        }
        return best != null && bestDistance <= Math.max(2, name.length() / 3) ? best : null;
    }

    /** {@link #byEdits}, else the first candidate that abbreviates {@code name} or that it abbreviates; or null. */
    public static String field(String name, Collection<String> candidates) {
        String near = byEdits(name, candidates);
        if (near != null) {
            return near;
        }
        String n = name.toLowerCase(Locale.ROOT);
        for (String c : candidates) {
            String l = c.toLowerCase(Locale.ROOT);
            if (!l.isEmpty() && (inOrder(l, n) || inOrder(n, l))) {
                return c;
            }
        }
        return null;
    }

    /** Whether {@code letters} appear in {@code word} in order, starting with its first letter. */
    private static boolean inOrder(String letters, String word) {
        if (letters.length() >= word.length() || word.isEmpty() || letters.charAt(0) != word.charAt(0)) {
            return false;
        }
        int at = 0;
        for (int i = 0; i < word.length() && at < letters.length(); i++) {
            if (word.charAt(i) == letters.charAt(at)) {
                at++;
            }
        }
        return at == letters.length();
    }

    static int distance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int c = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + c);
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }
}
