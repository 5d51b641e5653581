@echo off
rem The `robot-tray` command of an installed Robot Tray (Windows): the CLI
rem bundled with the app, run on the app's own Electron as Node, so the command
rem and the app are always one version. The installer (or the app's Help ->
rem Install Command-Line Tool...) puts this folder on the user's PATH.
setlocal
set ELECTRON_RUN_AS_NODE=1
"%~dp0..\..\Robot Tray.exe" "%~dp0..\app.asar\out\main\cli.js" %*
exit /b %ERRORLEVEL%
