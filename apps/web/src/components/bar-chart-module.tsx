import "@mantine/charts/styles.css";
import { BarChart } from "@mantine/charts";

export default BarChart;
