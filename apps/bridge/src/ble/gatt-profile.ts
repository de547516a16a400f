import { GATT_CHARACTERISTICS, GATT_SERVICES } from '@vigil/domain';

/** Services the bridge looks for on a device (spec: Heart Rate, Battery, Health Thermometer, and more). */
export const SUPPORTED_SERVICES: readonly number[] = [
  GATT_SERVICES.heartRate,
  GATT_SERVICES.battery,
  GATT_SERVICES.healthThermometer,
  GATT_SERVICES.pulseOximeter,
  GATT_SERVICES.bloodPressure,
  GATT_SERVICES.deviceInformation,
];

/** Measurements the device pushes (notify or indicate). */
export const SUBSCRIBED_CHARACTERISTICS: readonly number[] = [
  GATT_CHARACTERISTICS.heartRateMeasurement,
  GATT_CHARACTERISTICS.batteryLevel,
  GATT_CHARACTERISTICS.temperatureMeasurement,
  GATT_CHARACTERISTICS.plxContinuous,
  GATT_CHARACTERISTICS.plxSpotCheck,
  GATT_CHARACTERISTICS.bloodPressureMeasurement,
];

/** Values read once on connecting: battery before its first notification, and the model. */
export const READ_ON_CONNECT: readonly number[] = [
  GATT_CHARACTERISTICS.batteryLevel,
  GATT_CHARACTERISTICS.modelNumberString,
];

/** Measurements that stream (about once a second): silence means the device stopped measuring. */
export const STREAMING_CHARACTERISTICS: readonly number[] = [
  GATT_CHARACTERISTICS.heartRateMeasurement,
  GATT_CHARACTERISTICS.plxContinuous,
];

/** noble's form of a 16-bit UUID: four lower-case hex digits. */
export const nobleUuid = (short: number) => short.toString(16).padStart(4, '0');
