import "@mantine/charts/styles.css";
import { LineChart } from "@mantine/charts";

export default LineChart;
