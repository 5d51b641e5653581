# Puts Robot Tray's `robot-tray` command on the current user's PATH, or takes
# it off: run by the NSIS installer's "Add robot-tray to PATH" page and its
# uninstaller (packaging/installer.nsh), and by the app's "Install the
# command-line tool" menu item.
#   powershell -NoProfile -ExecutionPolicy Bypass -File cli-path.ps1 add|remove DIR
# PATH is read and written raw (REG_EXPAND_SZ, %VARIABLES% kept), never
# through setx, which cuts it at 1024 characters.
param(
  [Parameter(Mandatory = $true)] [ValidateSet('add', 'remove')] [string] $Action,
  [Parameter(Mandatory = $true)] [string] $Dir
)
$ErrorActionPreference = 'Stop'
$key = [Microsoft.Win32.Registry]::CurrentUser.CreateSubKey('Environment')
$current = [string]$key.GetValue('Path', '', [Microsoft.Win32.RegistryValueOptions]::DoNotExpandEnvironmentNames)
$entries = @($current -split ';' | Where-Object { $_ -ne '' })
$others = @($entries | Where-Object { $_.TrimEnd('\') -ine $Dir.TrimEnd('\') })
if ($Action -eq 'add') {
  if ($others.Count -ne $entries.Count) { Write-Output "robot-tray is on PATH already: $Dir"; exit 0 }
  $next = @($entries + $Dir)
} else {
  if ($others.Count -eq $entries.Count) { exit 0 }
  $next = $others
}
$key.SetValue('Path', ($next -join ';'), [Microsoft.Win32.RegistryValueKind]::ExpandString)
# Tells Explorer (and so every terminal opened from now on) that the
# environment changed: .NET broadcasts WM_SETTINGCHANGE when it sets a
# user variable.
[Environment]::SetEnvironmentVariable('ROBOT_TRAY_PATH_CHANGED', '1', 'User')
[Environment]::SetEnvironmentVariable('ROBOT_TRAY_PATH_CHANGED', $null, 'User')
Write-Output "robot-tray: PATH $Action $Dir"
