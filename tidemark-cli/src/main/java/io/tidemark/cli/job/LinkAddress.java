package io.tidemark.cli.job;

import java.io.Serializable;

/**
 * Where the job's functions reach the command that runs them: a TCP address and the run's secret
 * token (a connection that does not present it is dropped).
 */
record LinkAddress(String host, int port, String token) implements Serializable {

    private static final long serialVersionUID = 1L;

    @Override
    public String toString() {
        return host + ":" + port; // never the token
    }
}
