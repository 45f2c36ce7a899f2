package io.tidemark.flink.examples.original;

import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.MapState;
import org.apache.flink.api.common.state.MapStateDescriptor;
import org.apache.flink.api.common.typeinfo.BasicTypeInfo;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.streaming.api.datastream.ConnectedStreams;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.co.CoProcessFunction;
import org.apache.flink.util.Collector;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A port of the connect example of Flink's streaming examples ({@code
 * org.apache.flink.streaming.examples.connect.ConnectExample}): order details ({@code infos}) and orders
 * keyed by order id, connected, and merged by a {@code CoProcessFunction} that keeps both in keyed
 * {@code MapState}; an order that finds its details is printed as {@code (id,order-details)}. Besides the
 * imports, two changes Flink 2 itself requires: {@code keyBy(0)} became {@code keyBy(value -> value.f0)}
 * and {@code open(Configuration)} became {@code open(OpenContext)}. Which orders are printed depends on
 * whether an order's details arrive before it (the two inputs interleave freely), on Flink as here.
 */
public class ConnectExample {

    public static void main(String[] args) throws Exception {
        final List<Tuple2<String, String>> infosTable = new ArrayList<>();
        infosTable.add(new Tuple2<>("12001", "10"));
        infosTable.add(new Tuple2<>("12002", "25"));
        infosTable.add(new Tuple2<>("12003", "36"));
        infosTable.add(new Tuple2<>("12004", "47"));
        final List<Tuple2<String, String>> ordersTable = new ArrayList<>();
        ordersTable.add(new Tuple2<>("12001", "100-20190220"));
        ordersTable.add(new Tuple2<>("12002", "200-20190220"));
        ordersTable.add(new Tuple2<>("12003", "300-20190220"));
        ordersTable.add(new Tuple2<>("12004", "400-20190220"));
        ordersTable.add(new Tuple2<>("12005", "500-20190220"));

        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        SingleOutputStreamOperator<Tuple2<String, String>> orders = env.fromCollection(ordersTable);
        SingleOutputStreamOperator<Tuple2<String, String>> infos = env.fromCollection(infosTable);
        ConnectedStreams<Tuple2<String, String>, Tuple2<String, String>> connect =
                infos.keyBy(value -> value.f0).connect(orders.keyBy(value -> value.f0));
        SingleOutputStreamOperator<Tuple2<String, String>> process = connect.process(new OrderMergeInfos());
        process.print("==========");
        env.execute();
    }

    /** Merges an order with its details once both have arrived. */
    private static class OrderMergeInfos
            extends CoProcessFunction<Tuple2<String, String>, Tuple2<String, String>, Tuple2<String, String>> {
        private static final long serialVersionUID = 1L;
        private MapState<String, String> infosMap = null;
        private MapState<String, String> ordersMap = null;

        @Override
        public void open(OpenContext openContext) {
            MapStateDescriptor<String, String> infosDescriptor = new MapStateDescriptor<String, String>(
                    "infosBuffer", BasicTypeInfo.STRING_TYPE_INFO, BasicTypeInfo.STRING_TYPE_INFO);
            infosMap = getRuntimeContext().getMapState(infosDescriptor);
            MapStateDescriptor<String, String> ordersDescriptor = new MapStateDescriptor<String, String>(
                    "ordersBuffer", BasicTypeInfo.STRING_TYPE_INFO, BasicTypeInfo.STRING_TYPE_INFO);
            ordersMap = getRuntimeContext().getMapState(ordersDescriptor);
        }

        @Override
        public void processElement1(Tuple2<String, String> value, Context ctx, Collector<Tuple2<String, String>> out)
                throws Exception {
            infosMap.put(value.f0, value.f1);
        }

        private Tuple2<String, String> outTuple2 = new Tuple2<>();

        @Override
        public void processElement2(Tuple2<String, String> value, Context ctx, Collector<Tuple2<String, String>> out)
                throws Exception {
            ordersMap.put(value.f0, value.f1);
            for (Map.Entry<String, String> orders : ordersMap.entries()) {
                String infosCount = infosMap.get(orders.getKey());
                if (infosCount == null) {
                    ordersMap.put(value.f0, value.f1);
                } else {
                    ordersMap.remove(orders.getKey());
                    outTuple2.f0 = value.f0;
                    outTuple2.f1 = value.f1 + "-" + infosCount;
                    out.collect(outTuple2);
                }
            }
        }
    }
}
