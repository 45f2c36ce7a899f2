package io.tidemark.cli.profile;

import java.util.ArrayList;
import java.util.List;

/** A plain-text table: columns padded to their widest cell, the first left-aligned, the others right-aligned. */
final class Table {

    private final List<String[]> rows = new ArrayList<>();

    Table(String... header) {
        rows.add(header);
    }

    Table row(Object... cells) {
        String[] r = new String[cells.length];
        for (int i = 0; i < cells.length; i++) {
            r[i] = cells[i] == null ? "-" : cells[i].toString();
        }
        rows.add(r);
        return this;
    }

    String format(String indent) {
        int n = rows.get(0).length;
        int[] w = new int[n];
        for (String[] r : rows) {
            for (int i = 0; i < n; i++) {
                w[i] = Math.max(w[i], r[i].length());
            }
        }
        StringBuilder sb = new StringBuilder();
        for (String[] r : rows) {
            sb.append(indent);
            for (int i = 0; i < n; i++) {
                String cell = r[i];
                String pad = " ".repeat(w[i] - cell.length());
                sb.append(i == 0 ? cell + pad : pad + cell);
                if (i < n - 1) {
                    sb.append("  ");
                }
            }
            sb.append('\n');
        }
        return sb.toString();
    }
}
