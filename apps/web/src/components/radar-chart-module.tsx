import "@mantine/charts/styles.css";
import { RadarChart } from "@mantine/charts";

export default RadarChart;
