package io.tidemark.examples.flink.windowing;

import io.tidemark.api.java.tuple.Tuple4;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * Car events for {@link TopSpeedWindowing}: (car id, speed in km/h, distance in m, time in ms). Each car
 * reports every 100 ms; its speed moves by 5 km/h up or down (0 to 100) at random, the same every time.
 */
public class CarData {

    /** {@code reports} reports of each of {@code cars} cars, in time order. */
    public static List<Tuple4<Integer, Integer, Double, Long>> generate(int cars, int reports) {
        Random rand = new Random(1);
        int[] speeds = new int[cars];
        double[] distances = new double[cars];
        Arrays.fill(speeds, 50);
        List<Tuple4<Integer, Integer, Double, Long>> events = new ArrayList<>();
        for (int i = 0; i < reports; i++) {
            for (int carId = 0; carId < cars; carId++) {
                if (rand.nextBoolean()) {
                    speeds[carId] = Math.min(100, speeds[carId] + 5);
                } else {
                    speeds[carId] = Math.max(0, speeds[carId] - 5);
                }
                distances[carId] += speeds[carId] / 3.6d;
                events.add(new Tuple4<>(carId, speeds[carId], distances[carId], 100L * i));
            }
        }
        return events;
    }
}
