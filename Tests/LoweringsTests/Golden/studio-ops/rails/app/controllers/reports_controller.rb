class ReportsController < ApplicationController
  include AccountRequired

  before_action :set_report, only: %i[show edit update destroy]

  def index
    @reports = Report.order(:id)
  end

  def show
  end

  def new
    @report = Report.new
  end

  def edit
  end

  def create
    @report = Report.new(report_params)

    if @report.save
      redirect_to @report, notice: "Report was created."
    else
      render :new, status: :unprocessable_content
    end
  end

  def update
    if @report.update(report_params)
      redirect_to @report, notice: "Report was updated.", status: :see_other
    else
      render :edit, status: :unprocessable_content
    end
  end

  def destroy
    @report.destroy!
    redirect_to reports_path, notice: "Report was deleted.", status: :see_other
  end

  private

  def set_report
    @report = Report.find(params.expect(:id))
  end

  def report_params
    params.expect(report: [:name, :due_on])
  end
end
