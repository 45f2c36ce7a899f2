package io.tidemark.connector.jdbc;

import java.math.BigDecimal;
import java.sql.Types;

/** The column types the sink writes; each dialect names them ({@link JdbcDialect#typeName}). */
public enum SqlType {
    /** A 64-bit integer: counts, epoch milliseconds. */
    BIGINT(Types.BIGINT),
    /** A 32-bit integer. */
    INTEGER(Types.INTEGER),
    /** An exact decimal of any precision (sums, averages of decimals): {@link BigDecimal}. */
    NUMERIC(Types.NUMERIC),
    /** Text of any length. */
    TEXT(Types.VARCHAR),
    /** A double-precision float. */
    DOUBLE(Types.DOUBLE),
    /** True or false. */
    BOOLEAN(Types.BOOLEAN);

    private final int jdbcType;

    SqlType(int jdbcType) {
        this.jdbcType = jdbcType;
    }

    /** The {@link Types} constant used when binding a null. */
    public int jdbcType() {
        return jdbcType;
    }

    /** Whether a column the database reports with {@link Types} {@code reported} holds this type's values. */
    public boolean accepts(int reported) {
        switch (this) {
            case BIGINT:
                return reported == Types.BIGINT;
            case INTEGER:
                return reported == Types.INTEGER || reported == Types.BIGINT;
            case NUMERIC:
                return reported == Types.NUMERIC || reported == Types.DECIMAL;
            case TEXT:
                return reported == Types.VARCHAR || reported == Types.LONGVARCHAR || reported == Types.CLOB
                        || reported == Types.NVARCHAR || reported == Types.LONGNVARCHAR || reported == Types.CHAR;
            case DOUBLE:
                return reported == Types.DOUBLE || reported == Types.FLOAT;
            case BOOLEAN:
                return reported == Types.BOOLEAN || reported == Types.BIT;
            default:
                return false;
        }
    }
}
