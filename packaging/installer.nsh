; Robot Tray's additions to electron-builder's NSIS installer: a page after
; the folder choice offering to put the `robot-tray` command on the user's
; PATH, and its removal on uninstall. PATH is edited by
; resources\cli\cli-path.ps1, the script the app's "Install the command-line
; tool" menu item runs too. An update (electron-updater runs the installer
; with --updated) keeps whatever the person chose: the page is skipped, and
; the uninstall that precedes it leaves PATH alone.

!ifndef BUILD_UNINSTALLER
  Var cliPathBox
  Var cliPathChosen

  !macro customPageAfterChangeDir
    Page custom cliPathPage cliPathPageLeave

    Function cliPathPage
      ${if} ${isUpdated}
        Abort
      ${endif}
      !insertmacro MUI_HEADER_TEXT "Command-line tool" "robot-tray, for terminals and scripts"
      nsDialogs::Create 1018
      Pop $0
      ${NSD_CreateLabel} 0 0 100% 36u "Robot Tray comes with robot-tray, a command that fires robots and reads their calls from a terminal, a script or a scheduled task, with the same robots and tokens as the app."
      Pop $0
      ${NSD_CreateCheckbox} 0 44u 100% 12u "Add robot-tray to my PATH"
      Pop $cliPathBox
      ${NSD_Check} $cliPathBox
      nsDialogs::Show
    FunctionEnd

    Function cliPathPageLeave
      ${NSD_GetState} $cliPathBox $cliPathChosen
    FunctionEnd
  !macroend

  !macro customInstall
    ${ifNot} ${isUpdated}
      ${if} $cliPathChosen == ${BST_CHECKED}
        nsExec::ExecToLog '"$SYSDIR\WindowsPowerShell\v1.0\powershell.exe" -NoProfile -NonInteractive -ExecutionPolicy Bypass -File "$INSTDIR\resources\cli\cli-path.ps1" add "$INSTDIR\resources\cli"'
        Pop $0
      ${endif}
    ${endif}
  !macroend
!endif

!macro customUnInstall
  ${ifNot} ${isUpdated}
    nsExec::ExecToLog '"$SYSDIR\WindowsPowerShell\v1.0\powershell.exe" -NoProfile -NonInteractive -ExecutionPolicy Bypass -File "$INSTDIR\resources\cli\cli-path.ps1" remove "$INSTDIR\resources\cli"'
    Pop $0
  ${endif}
!macroend
