package io.tidemark.connector.jdbc;

import java.util.List;

/** The table exists but cannot hold the rows: missing columns, other types, another primary key. */
public final class SchemaMismatchException extends JdbcSinkException {

    private static final long serialVersionUID = 1L;

    private final List<String> problems;

    SchemaMismatchException(String message, List<String> problems) {
        super(message, null);
        this.problems = List.copyOf(problems);
    }

    /** One line per problem, e.g. {@code missing column "sum_amount" (NUMERIC)}. */
    public List<String> problems() {
        return problems;
    }
}
