// The values the console sends for a customer's profile with spec §9's manual profile defaults (channel
// 0, 40MHz, WPA2-PSK, inform interval 300, a Croatian NTP pool, Europe/Zagreb, MTU 1500, admin password
// "Admin" + surname + "2024!"), for tests and benchmarks that push a real profile.
export function specProfileValues(surname: string, wifiPassword = 'Xk7#mPq2vL9!') {
  return {
    wifi_ssid: `GT_${surname}`,
    wifi_password: wifiPassword,
    wifi_enabled: true,
    wifi_channel: 0,
    wifi_bandwidth: '40MHz',
    wifi_security_mode: 'WPA2-PSK',
    periodic_inform_interval: 300,
    periodic_inform_enable: true,
    ntp_server: 'hr.pool.ntp.org',
    timezone: 'Europe/Zagreb',
    admin_password: `Admin${surname}2024!`,
    wan_mtu: 1500,
    remote_access_enabled: false,
  };
}
